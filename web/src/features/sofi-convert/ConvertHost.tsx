import { lazy, Suspense, useEffect, useState } from "react";
import { useConvertDialog } from "./store.ts";

/** Loaded when first opened, then kept mounted (close animation, state while a write is pending). */
const ConvertDialog = lazy(() => import("./ConvertDialog.tsx"));

/** Mounts the Convert to SOFI dialog once it is first opened. Placed once, inside the wallet slice. */
export function ConvertHost() {
  const open = useConvertDialog((s) => s.open);
  const [used, setUsed] = useState(open);
  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);
  if (!used && !open) return null;
  return (
    <Suspense fallback={null}>
      <ConvertDialog />
    </Suspense>
  );
}
