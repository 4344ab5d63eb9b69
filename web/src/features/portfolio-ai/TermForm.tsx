import { AI_MESSAGE_MAX } from "@sofi/core";
import { Input } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A one-line term and its submit button, with core's message under it when the term is refused:
 * the AI box's phrase and the interest view's term.
 */
export function TermForm(props: {
  /** Prefix of the field's test ids and of the error's id (`ai-phrase`, `interest-term`). */
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
  onSubmit: () => void;
  problem: string | null | undefined;
  errorId: string;
  errorTestId: string;
  button: ReactNode;
  clearable?: boolean;
}) {
  const { t } = useTranslation("portfolio-ai");
  return (
    <>
      <form
        className="ai-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        <Input
          aria-label={props.label}
          placeholder={props.placeholder}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          maxLength={AI_MESSAGE_MAX}
          status={props.problem ? "error" : undefined}
          aria-invalid={props.problem ? true : undefined}
          aria-describedby={props.problem ? props.errorId : undefined}
          data-testid={props.id}
          allowClear={props.clearable}
        />
        {props.button}
      </form>
      {props.problem && (
        <div id={props.errorId} role="alert" className="ai-error" data-testid={props.errorTestId}>
          {t(`errors.${props.problem}`, { max: AI_MESSAGE_MAX })}
        </div>
      )}
    </>
  );
}
