import { POST_MAX, postProblem } from "@sofi/core";
import { Alert, Button, Input } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SocialFeedState } from "./useSocialFeed.ts";

/**
 * The post composer (spec 002 §5: "Please enter your content." when empty; at most POST_MAX
 * characters): checked with core's rule before anything is signed; the server's refusal is shown
 * here too. Without a wallet the button opens the wallet dialog.
 */
export function Composer({ s }: { s: SocialFeedState }) {
  const { t } = useTranslation("social");
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = async () => {
    const p = postProblem(text);
    setProblem(p);
    if (p) return;
    const refused = await s.publish(text.trim());
    if (refused) setProblem(t("postFailed", { message: refused }));
    else if (s.me) setText("");
  };
  return (
    <section className="so-panel so-composer" aria-labelledby={`${id}-label`} data-testid="composer">
      <label className="so-panel-title" id={`${id}-label`} htmlFor={`${id}-text`}>
        {t("composerLabel")}
      </label>
      <Input.TextArea
        id={`${id}-text`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (problem) setProblem(null);
        }}
        placeholder={t("composerPlaceholder")}
        autoSize={{ minRows: 2, maxRows: 8 }}
        showCount
        maxLength={POST_MAX}
        status={problem ? "error" : undefined}
        aria-invalid={!!problem}
        aria-describedby={`${id}-hint`}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) void submit();
        }}
        data-testid="composer-text"
      />
      <div className="so-composer-foot">
        <span className="so-hint" id={`${id}-hint`}>
          {t("composerHint")}
        </span>
        <Button type="primary" onClick={() => void submit()} loading={s.publishing} data-testid="composer-post">
          {t("postButton")}
        </Button>
      </div>
      {problem && <Alert type="error" showIcon title={problem} role="alert" data-testid="composer-error" />}
    </section>
  );
}
