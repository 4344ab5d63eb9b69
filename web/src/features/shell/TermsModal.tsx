import { Alert, Button, Checkbox, Modal, Spin } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTermsStore } from "./terms-store.ts";
import "./terms.css";

type Load = { state: "loading" } | { state: "ok"; text: string } | { state: "error" };

/** Terms of use (spec 000 §2, §5): static text, agree checkbox; confirming unticked shows the spec's error. */
export default function TermsModal() {
  const { t } = useTranslation("shell");
  const { open, mustAccept, accept, close } = useTermsStore();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState(false);

  const fetchTerms = useCallback(async () => {
    setLoad({ state: "loading" });
    try {
      const res = await fetch("/terms.txt");
      if (!res.ok) throw new Error(String(res.status));
      setLoad({ state: "ok", text: await res.text() });
    } catch {
      setLoad({ state: "error" });
    }
  }, []);

  const loaded = load.state === "ok";
  useEffect(() => {
    if (open && !loaded) void fetchTerms();
  }, [open, loaded, fetchTerms]);

  const onConfirm = () => {
    if (!agreed) {
      setError(true);
      return;
    }
    setError(false);
    accept();
  };

  return (
    <Modal
      open={open}
      title={<span id="terms-title">{t("terms.title")}</span>}
      closable={mustAccept ? false : { "aria-label": t("terms.close") }}
      mask={{ closable: !mustAccept }}
      keyboard={!mustAccept}
      onCancel={close}
      width={560}
      centered
      footer={
        mustAccept ? (
          <div className="terms-footer">
            <Checkbox
              checked={agreed}
              onChange={(e) => {
                setAgreed(e.target.checked);
                if (e.target.checked) setError(false);
              }}
            >
              {t("terms.agree")}
            </Checkbox>
            {error && (
              <Alert type="error" showIcon role="alert" title={t("terms.mustAccept")} className="terms-error" />
            )}
            <Button type="primary" block onClick={onConfirm}>
              {t("terms.confirm")}
            </Button>
          </div>
        ) : (
          <Button onClick={close}>{t("terms.close")}</Button>
        )
      }
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable text region must be reachable by keyboard */}
      <section className="terms-text" tabIndex={0} aria-labelledby="terms-title">
        {load.state === "loading" && <Spin aria-label={t("terms.loading")} />}
        {load.state === "error" && (
          <Alert
            type="warning"
            title={t("terms.loadError")}
            action={
              <Button size="small" onClick={() => void fetchTerms()}>
                {t("terms.retry")}
              </Button>
            }
          />
        )}
        {load.state === "ok" && <pre>{load.text}</pre>}
      </section>
    </Modal>
  );
}
