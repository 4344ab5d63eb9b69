import {
  ALERT_ERRORS,
  type AlertForm,
  type AlertFormProblems,
  alertFormProblems,
  alertPriceText,
  stripAlertPrice,
} from "@sofi/core";
import { useEffect, useState } from "react";
import { useAlertSettings, useSaveAlert } from "./api.ts";

/** The i18n key of each of the alert's texts (spec 001 §5 keys are their own keys). */
export const ALERT_MESSAGE_KEYS: Record<string, string> = {
  [ALERT_ERRORS.up]: ALERT_ERRORS.up,
  [ALERT_ERRORS.down]: ALERT_ERRORS.down,
  [ALERT_ERRORS.discordMissing]: ALERT_ERRORS.discordMissing,
  [ALERT_ERRORS.discordShape]: "discordInvalid",
  [ALERT_ERRORS.notManager]: "alertNotManager",
};

const EMPTY: AlertForm = { up: "", down: "", discord: "" };

/**
 * The price-alert drawer of one created portfolio (spec 001 §2 Modals, §5 price-alert rules, §8):
 * the fields prefilled from the manager's signed read of the alert, prices stripped of anything but
 * digits and dots as typed, each field's §5 problem (shown once the field was changed or a save was
 * tried), and the signed save, refused in the browser while any rule is broken.
 */
export function usePriceAlert(p: {
  chain: string;
  set: string;
  account: string | undefined;
  /** The portfolio's current value per set (USD): the thresholds are checked against it. */
  valuePerSet: number;
  onSaved: () => void;
}) {
  const settings = useAlertSettings(p.chain, p.set, p.account, true);
  const save = useSaveAlert(p.chain, p.set, p.account ?? "");
  const [form, setForm] = useState<AlertForm>(EMPTY);
  const [tradeAlert, setTradeAlert] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<keyof AlertForm, boolean>>>({});
  const [tried, setTried] = useState(false);
  const [prefilled, setPrefilled] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  // Prefilled once, when the signed read answers (later reads never overwrite what is typed).
  useEffect(() => {
    if (prefilled || !settings.data) return;
    setForm({
      up: alertPriceText(settings.data.up),
      down: alertPriceText(settings.data.down),
      discord: settings.data.discord ?? "",
    });
    setTradeAlert(settings.data.trade_alert);
    setPrefilled(true);
  }, [prefilled, settings.data]);

  const problems = alertFormProblems(form, p.valuePerSet);
  const shown: AlertFormProblems = {};
  for (const k of ["up", "down", "discord"] as const) if ((tried || touched[k]) && problems[k]) shown[k] = problems[k];

  const set = (k: keyof AlertForm, raw: string) => {
    const v = k === "discord" ? raw : stripAlertPrice(raw);
    setForm((f) => ({ ...f, [k]: v }));
    setTouched((t) => ({ ...t, [k]: true }));
    setServerError(null);
  };

  const submit = () => {
    setTried(true);
    setServerError(null);
    if (Object.keys(problems).length > 0 || !p.account) return false;
    save.mutate(
      { form, tradeAlert },
      {
        onSuccess: () => p.onSaved(),
        onError: (e) => setServerError(e.message),
      },
    );
    return true;
  };

  return {
    settings,
    form,
    tradeAlert,
    setTradeAlert,
    setUp: (v: string) => set("up", v),
    setDown: (v: string) => set("down", v),
    setDiscord: (v: string) => set("discord", v),
    /** The §5 message keys to show under each field. */
    problems: shown,
    /** The server's refusal (a message key when it has a translation, else its text). */
    serverError,
    saving: save.isPending,
    submit,
  };
}
export type PriceAlertState = ReturnType<typeof usePriceAlert>;
