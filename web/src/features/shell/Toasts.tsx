import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, ExportOutlined } from "@ant-design/icons";
import { chainById } from "@sofi/protocol";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { useSettings } from "../../kernel/settings-store.ts";
import { isTxPopupContent, type Popup, removePopup, usePopups } from "./popups.ts";
import "./toasts.css";

function PopupBody({ popup }: { popup: Popup }) {
  const { t } = useTranslation("shell");
  const chainId = useSettings((s) => s.chainId);
  const c = popup.content;
  if (!isTxPopupContent(c)) return <div className="toast-body">{c}</div>;
  const chain = chainById(chainId);
  const href = chain?.explorerUrl ? `${chain.explorerUrl}/tx/${c.hash}` : null;
  return (
    <div className="toast-body toast-tx">
      {c.success ? (
        <CheckCircleFilled className="toast-icon ok" aria-hidden />
      ) : (
        <CloseCircleFilled className="toast-icon fail" aria-hidden />
      )}
      <div>
        <div className="toast-title">{c.summary ?? (c.success ? t("toast.txSuccess") : t("toast.txFailed"))}</div>
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {t("toast.viewOnExplorer", { explorer: chain?.explorerName })} <ExportOutlined aria-hidden />
          </a>
        ) : (
          <span className="mono toast-hash">{`${c.hash.slice(0, 10)}…${c.hash.slice(-8)}`}</span>
        )}
      </div>
    </div>
  );
}

/** The popup list: top-right on desktop, full width on phones. Each closes on its own timer or its button. */
export function Toasts() {
  const { t } = useTranslation("shell");
  const popups = usePopups((s) => s.popups);
  return (
    <section className="toasts" aria-label={t("toast.notifications")} aria-live="polite">
      {popups
        .filter((p) => p.show)
        .map((p) => (
          <div key={p.key} className="toast" role="status">
            <PopupBody popup={p} />
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t("toast.close")}
              onClick={() => removePopup(p.key)}
              className="toast-close"
            />
            {p.removeAfterMs !== null && (
              <span className="toast-timer" style={{ animationDuration: `${p.removeAfterMs}ms` }} aria-hidden />
            )}
          </div>
        ))}
    </section>
  );
}
