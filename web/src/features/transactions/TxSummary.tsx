import type { i18n as I18n } from "i18next";
import { createElement } from "react";
import { useTranslation } from "react-i18next";
import { i18next } from "../../i18n/index.ts";
import dictionaries from "./i18n.ts";
import type { TextSummaryInfo, TransactionInfo, TransactionRecord } from "./store.ts";

/**
 * Transaction summaries rendered from data in the current language (issue 9 #21). A record keeps
 * its `info` (kind, symbols, amounts) and an English `summary`; records stored by older versions
 * have only the text, which is read back into data when it has one of the shapes those versions
 * wrote (English, or the Korean of approvals and wraps), and shown as stored otherwise.
 *
 * Other capabilities describe their writes with the `text` kind: a key of their own namespace
 * (`{ kind: "text", ns: "governance", key: "tx.queue", values: { label } }`), so no capability
 * adds a kind here. Every feature's namespace is loaded before the app's first render
 * (`src/i18n/index.ts`); a `text` record whose namespace or key is not there (not loaded, or a
 * capability's text that is gone) shows its stored English summary, and the list and the popup
 * render again when a namespace is added.
 */

/** Thousands separators in a plain decimal string ("2990.5" → "2,990.5"); other text unchanged. */
export function groupDigits(value: string): string {
  if (!/^\d+(\.\d+)?$/.test(value)) return value;
  const [whole = "0", frac] = value.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac ? `${grouped}.${frac}` : grouped;
}

const amount = (s: string) => s.replace(/,/g, "");
const AMOUNT = "([\\d,]+(?:\\.\\d+)?)";
const SYMBOL = "(\\S+)";

const LEGACY: { re: RegExp; info: (m: string[]) => TransactionInfo }[] = [
  {
    re: new RegExp(`^Swap ${AMOUNT} ${SYMBOL} for ${AMOUNT} ${SYMBOL}$`),
    info: ([, ai = "", si = "", ao = "", so = ""]) => ({
      kind: "swap",
      amountIn: amount(ai),
      symbolIn: si,
      amountOut: amount(ao),
      symbolOut: so,
    }),
  },
  { re: new RegExp(`^Approve ${SYMBOL}$`), info: ([, symbol = ""]) => ({ kind: "approve", symbol }) },
  { re: new RegExp(`^${SYMBOL} 승인$`), info: ([, symbol = ""]) => ({ kind: "approve", symbol }) },
  ...(["wrap", "unwrap"] as const).flatMap((kind) => [
    {
      re: new RegExp(`^${kind === "wrap" ? "Wrap" : "Unwrap"} ${AMOUNT} ${SYMBOL} to ${SYMBOL}$`),
      info: ([, a = "", from = "", to = ""]: string[]): TransactionInfo => ({ kind, amount: amount(a), from, to }),
    },
    {
      re: new RegExp(`^${AMOUNT} ${SYMBOL}을\\(를\\) ${SYMBOL}\\(으\\)로 ${kind === "wrap" ? "래핑" : "언래핑"}$`),
      info: ([, a = "", from = "", to = ""]: string[]): TransactionInfo => ({ kind, amount: amount(a), from, to }),
    },
  ]),
];

/** The summary text of an older record as data, or null when it has none of the known shapes. */
export function parseLegacySummary(summary: string | undefined): TransactionInfo | null {
  if (!summary) return null;
  for (const { re, info } of LEGACY) {
    const m = re.exec(summary.trim());
    if (m) return info([...m]);
  }
  return null;
}

/** What a record did, as data: its own `info`, or its older text read back. */
export function transactionInfo(tx: Pick<TransactionRecord, "info" | "summary">): TransactionInfo | null {
  return tx.info ?? parseLegacySummary(tx.summary);
}

/** What a `text` summary interpolates: its values as given, its amounts with thousands separators. */
export function textValues(info: TextSummaryInfo): Record<string, string> {
  const out: Record<string, string> = { ...info.values };
  for (const [name, value] of Object.entries(info.amounts ?? {})) out[name] = groupDigits(value);
  return out;
}

/**
 * Whether `i18n` has the text of a summary: always for the kinds of this feature; for a `text`
 * summary, when its namespace has the key (in the current language or the fallback, English).
 */
export function hasSummaryText(info: TransactionInfo, i18n: Pick<I18n, "exists">): boolean {
  return info.kind !== "text" || i18n.exists(info.key, { ns: info.ns });
}

/** `t` of the "transactions" namespace; `values.ns` (a `text` summary's) picks another namespace. */
type T = (key: string, values: Record<string, string>) => string;

/** A summary in the language of `t` (the "transactions" namespace). */
export function summaryText(info: TransactionInfo, t: T): string {
  switch (info.kind) {
    case "swap":
      return t("summary.swap", {
        amountIn: groupDigits(info.amountIn),
        symbolIn: info.symbolIn,
        amountOut: groupDigits(info.amountOut),
        symbolOut: info.symbolOut,
      });
    case "approve":
      return t("summary.approve", { symbol: info.symbol });
    case "wrap":
    case "unwrap":
      return t(`summary.${info.kind}`, { amount: groupDigits(info.amount), from: info.from, to: info.to });
    case "portfolioBuy":
    case "portfolioSell":
      return t(`summary.${info.kind}`, { amount: groupDigits(info.amount), symbol: info.symbol, token: info.token });
    case "portfolioCreate":
      return t("summary.portfolioCreate", { name: info.name, symbol: info.symbol });
    case "portfolioManage":
      return t(`summary.manage.${info.action}`, { symbol: info.symbol });
    case "promotionWithdraw":
      return t("summary.promotionWithdraw", { amount: groupDigits(info.amount), symbol: info.symbol });
    case "text":
      return t(info.key, { ...textValues(info), ns: info.ns });
  }
}

/**
 * The English text stored with a record (the spec's `summary`), whatever the language of the
 * moment: from this feature's English dictionary, or for a `text` summary from the `en` texts of
 * its namespace (its key itself when the namespace has no such text).
 */
export function englishSummary(info: TransactionInfo): string {
  if (info.kind === "text") {
    if (!i18next.isInitialized || !i18next.exists(info.key, { ns: info.ns, lng: "en" })) return info.key;
    return i18next.getFixedT("en", info.ns)(info.key, textValues(info));
  }
  return summaryText(info, (key, values) => {
    const template = key
      .split(".")
      .reduce<unknown>((d, part) => (d as Record<string, unknown> | undefined)?.[part], dictionaries.en);
    return (typeof template === "string" ? template : key).replace(
      /\{\{(\w+)\}\}/g,
      (_, name: string) => values[name] ?? "",
    );
  });
}

/**
 * Render again on a language change (the default) and when a namespace is added (a `text`
 * summary's may come after the record); react-i18next reads `bindI18nStore` but does not type it.
 */
const SUMMARY_I18N = { bindI18n: "languageChanged", bindI18nStore: "added" };

/** A record's summary in the current language; undefined when it has none. */
export function useTransactionSummary(): (tx: Pick<TransactionRecord, "info" | "summary">) => string | undefined {
  const { t, i18n } = useTranslation("transactions", SUMMARY_I18N);
  return (tx) => {
    const info = transactionInfo(tx);
    return info && hasSummaryText(info, i18n) ? summaryText(info, (k, v) => t(k, v)) : tx.summary;
  };
}

/**
 * A summary rendered where it shows (the popup), so it follows the language of the moment;
 * `fallback` (the stored text) while a `text` summary's namespace has no text for it.
 */
export function TransactionSummary({ info, fallback }: { info: TransactionInfo; fallback?: string | undefined }) {
  const { t, i18n } = useTranslation("transactions", SUMMARY_I18N);
  return <>{hasSummaryText(info, i18n) ? summaryText(info, (k, v) => t(k, v)) : fallback}</>;
}

/** The popup's summary: rendered from data when the record has it, else the stored text. */
export function popupSummary(tx: Pick<TransactionRecord, "info" | "summary">) {
  const info = transactionInfo(tx);
  return info ? createElement(TransactionSummary, { info, fallback: tx.summary }) : tx.summary;
}
