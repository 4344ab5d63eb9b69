import { DatabaseOutlined, RobotOutlined, ThunderboltOutlined } from "@ant-design/icons";
import { Alert, Button, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useChainSuffix } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { TokenLogo } from "../tokens/index.ts";
import { TermForm } from "./TermForm.tsx";
import { type AiBuilderState, useAiBuilder } from "./useAiBuilder.ts";
import "./portfolio-ai.css";

/** The home's AI box (spec 001 §2 "Build your portfolio with AI"), for the chosen chain and language. */
export function AiBox() {
  const chain = useChainSuffix();
  const lang = useSettings((s) => s.lang);
  return <AiBoxView s={useAiBuilder(chain, lang)} />;
}

/**
 * Which source ranked the picks (issue 24), said plainly: the AI model, or the offline ranking. A
 * model only chooses and orders the tokens; every text shown is the product's own.
 */
export function AiSourceNote({ text, model, testId }: { text: string; model: boolean; testId: string }) {
  return (
    <p
      className="ai-source"
      role="note"
      aria-label={text}
      data-testid={testId}
      data-source={model ? "model" : "offline"}
    >
      {model ? <RobotOutlined aria-hidden="true" /> : <DatabaseOutlined aria-hidden="true" />}
      <span>{text}</span>
    </p>
  );
}

/**
 * The AI box over its state: the phrase form, then loading, error, or which source ranked the
 * picks, the message and the picks (all text, never markup).
 */
export function AiBoxView({ s }: { s: AiBuilderState }) {
  const { t } = useTranslation("portfolio-ai");
  const reply = s.reply;
  const symbols = reply?.tokens.map((x) => x.symbol).join(", ") ?? "";
  return (
    <section className="ai-box" aria-labelledby="ai-box-title" data-testid="ai-box">
      <div className="ai-head">
        <RobotOutlined className="ai-head-icon" aria-hidden="true" />
        <div className="ai-head-text">
          <h2 id="ai-box-title" className="ai-title">
            {t("boxTitle")}
          </h2>
          <p className="ai-hint">{t("boxHint")}</p>
        </div>
      </div>
      <TermForm
        id="ai-phrase"
        label={t("phraseLabel")}
        placeholder={t("phrasePlaceholder")}
        value={s.text}
        onChange={s.setText}
        onSubmit={() => s.submit(s.text)}
        problem={s.problem}
        errorId="ai-phrase-error"
        errorTestId="ai-phrase-error"
        clearable
        button={
          <Button
            type="primary"
            htmlType="submit"
            loading={s.loading}
            icon={<ThunderboltOutlined />}
            data-testid="ai-ask"
          >
            {t("ask")}
          </Button>
        }
      />
      <div className="ai-result" aria-live="polite" aria-busy={s.loading}>
        {s.loading && (
          <div data-testid="ai-loading">
            <span className="ai-sr-only">{t("asking")}</span>
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </div>
        )}
        {s.failed && (
          <Alert
            type="error"
            showIcon
            title={t("failed")}
            data-testid="ai-failed"
            action={
              <Button size="small" onClick={s.retry}>
                {t("retry")}
              </Button>
            }
          />
        )}
        {reply && (
          <div className="ai-reply" data-testid="ai-reply" data-source={reply.source}>
            <AiSourceNote
              text={t(reply.source === "model" ? "sourceModel" : "sourceOffline")}
              model={reply.source === "model"}
              testId="ai-source"
            />
            <p className="ai-message" data-testid="ai-message">
              {reply.message}
            </p>
            {reply.tokens.length > 0 ? (
              <ul className="ai-picks" aria-label={t("picks")} data-testid="ai-picks">
                {reply.tokens.map((x) => (
                  <li key={x.address} className="ai-pick" data-testid={`ai-pick-${x.symbol}`}>
                    <TokenLogo token={x} size={28} />
                    <span className="ai-pick-text">
                      <span className="ai-pick-symbol">{x.symbol}</span>
                      <span className="ai-pick-name">{x.name}</span>
                      <span className="ai-pick-reason">{x.reason}</span>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="ai-empty" data-testid="ai-empty">
                {t("noPicks")}
              </p>
            )}
            {s.createHref && (
              <div className="ai-foot">
                <Link
                  to={s.createHref}
                  className="ai-create"
                  aria-label={t("createWithLabel", { symbols })}
                  data-testid="ai-create"
                >
                  <Button type="primary" tabIndex={-1}>
                    {t("createWith")}
                  </Button>
                </Link>
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
