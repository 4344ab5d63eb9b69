import { AI_TOPICS } from "@sofi/core";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AiSourceNote } from "./AiBox.tsx";
import { TermForm } from "./TermForm.tsx";
import { createHref, type InterestState, useInterest } from "./useAiBuilder.ts";
import "./portfolio-ai.css";

/** The home's interest view (spec 001 §2 "What's your interest?"): quick topics and a term with Enter. */
export function InterestView() {
  return <InterestViewOf s={useInterest()} />;
}

/**
 * The interest view over its state: each topic and the entered term open `/sts/create?search={term}`,
 * where the wizard matches tokens offline (no model): the view says so.
 */
export function InterestViewOf({ s }: { s: InterestState }) {
  const { t } = useTranslation("portfolio-ai");
  return (
    <section className="ai-interest" aria-labelledby="ai-interest-title" data-testid="interest-view">
      <h2 id="ai-interest-title" className="ai-title">
        {t("interestTitle")}
      </h2>
      <AiSourceNote text={t("interestSource")} model={false} testId="interest-source" />
      <ul className="ai-topics" aria-label={t("quickTopics")}>
        {AI_TOPICS.map((topic) => (
          <li key={topic}>
            <Link
              to={createHref(topic)}
              className="ai-topic"
              aria-label={t("topicLabel", { topic })}
              data-testid={`topic-${topic}`}
            >
              {topic}
            </Link>
          </li>
        ))}
      </ul>
      <TermForm
        id="interest-term"
        label={t("interestLabel")}
        placeholder={t("interestPlaceholder")}
        value={s.term}
        onChange={s.setTerm}
        onSubmit={() => s.go(s.term)}
        problem={s.problem}
        errorId="ai-interest-error"
        errorTestId="interest-error"
        button={
          <Button htmlType="submit" data-testid="interest-enter">
            {t("enter")}
          </Button>
        }
      />
    </section>
  );
}
