import { useTranslation } from "react-i18next";
import { SheetModal } from "../shell/index.ts";
import { ConvertView } from "./ConvertView.tsx";
import { useConvertDialog } from "./store.ts";
import { useConvertState } from "./useConvertState.ts";
import "./convert.css";

/** Spec 001 §2 "Convert to SOFI dialog": a modal on wide screens, a bottom sheet on phones. */
export default function ConvertDialog() {
  const { t } = useTranslation("sofi-convert");
  const open = useConvertDialog((s) => s.open);
  const hide = useConvertDialog((s) => s.hide);
  const s = useConvertState();
  return (
    <SheetModal open={open} onClose={hide} title={t("title")}>
      <div data-testid="convert-dialog">
        <ConvertView s={s} onClose={hide} />
      </div>
    </SheetModal>
  );
}
