import { lazy, Suspense, useEffect, useState } from "react";
import { useWithdrawDialog } from "./withdraw-store.ts";

/** Loaded when first opened, then kept mounted (close animation, a write still pending). */
const WithdrawDialog = lazy(() => import("./WithdrawDialog.tsx"));

/** Mounts the owner's withdraw dialog once it is first opened (the `wallet.actions` contribution). */
export function WithdrawHost() {
  const open = useWithdrawDialog((s) => s.open);
  const [used, setUsed] = useState(open);
  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);
  if (!used && !open) return null;
  return (
    <Suspense fallback={null}>
      <WithdrawDialog />
    </Suspense>
  );
}
