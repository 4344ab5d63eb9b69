import { CREATE_NAME_MAX, CREATE_SYMBOL_MAX } from "@sofi/core";
import { Input } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { InfoField, WizardForm } from "./useWizardForm.ts";

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="pc-field">
      <label className="pc-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <div className="pc-error" role="alert" id={`${id}-error`}>
          {error}
        </div>
      ) : (
        hint && <div className="pc-hint">{hint}</div>
      )}
    </div>
  );
}

/** Step 1 (spec 001 §3, §5): name (≤ 32), symbol (≤ 10, upper case) and start price (≥ 1, default 100). */
export function InfoStep({ form }: { form: WizardForm }) {
  const { t } = useTranslation("portfolio-create");
  const err = (f: InfoField) => {
    const e = form.infoError(f);
    return e ? t(`errors.${e}`) : null;
  };
  const input = (f: InfoField) => ({
    id: `pc-${f}`,
    name: f,
    value: form.info[f],
    autoComplete: "off",
    status: form.infoError(f) ? ("error" as const) : undefined,
    "aria-invalid": !!form.infoError(f),
    onChange: (e: { target: { value: string } }) => form.setField(f, e.target.value),
  });
  return (
    <div className="pc-step pc-info">
      <Field id="pc-name" label={t("name")} error={err("name")}>
        <Input {...input("name")} maxLength={CREATE_NAME_MAX} placeholder={t("namePlaceholder")} showCount />
      </Field>
      <Field id="pc-symbol" label={t("symbol")} hint={t("symbolHint")} error={err("symbol")}>
        <Input {...input("symbol")} maxLength={CREATE_SYMBOL_MAX} placeholder={t("symbolPlaceholder")} showCount />
      </Field>
      <Field id="pc-startPrice" label={t("startPrice")} hint={t("startPriceHint")} error={err("startPrice")}>
        <Input {...input("startPrice")} inputMode="decimal" prefix="$" maxLength={20} />
      </Field>
    </div>
  );
}
