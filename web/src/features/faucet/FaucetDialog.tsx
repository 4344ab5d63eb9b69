import { useTranslation } from "react-i18next";
import { SheetModal } from "../shell/index.ts";
import { FaucetView } from "./FaucetView.tsx";
import { useFaucetDialog } from "./store.ts";
import { useFaucetState } from "./useFaucetState.ts";
import "./faucet.css";

/** Spec 001 §2 "Faucet dialog (Get test token, or Get Extra Test Token)". */
export default function FaucetDialog() {
  const { t } = useTranslation("faucet");
  const open = useFaucetDialog((s) => s.open);
  const hide = useFaucetDialog((s) => s.hide);
  const s = useFaucetState();
  return (
    <SheetModal open={open} onClose={hide} title={s.mode === "extra" ? t("titleExtra") : t("title")}>
      <div data-testid="faucet-dialog">
        <FaucetView s={s} onClose={hide} />
      </div>
    </SheetModal>
  );
}
