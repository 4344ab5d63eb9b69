import { LockOutlined } from "@ant-design/icons";
import { Empty } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { displaySymbol } from "../portfolios/index.ts";
import { ListStates } from "./ListStates.tsx";
import { shortDecimal } from "./rules.ts";
import type { ProfileState } from "./useProfileState.ts";

function when(ts: number): string {
  const d = new Date(ts * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Tab 4 (spec 001 §2 "transactions (own only)"): swaps and portfolio trades, newest first. */
export function TransactionsTab({ s }: { s: ProfileState }) {
  const { t } = useTranslation("profile");
  if (!s.own)
    return (
      <section className="pr-panel" data-testid="transactions-private">
        <Empty image={<LockOutlined className="pr-lock" />} description={t("txPrivate")} />
      </section>
    );
  const items = s.transactions ?? [];
  return (
    <section className="pr-panel" aria-labelledby="pr-txs">
      <h2 id="pr-txs" className="pr-section-title">
        {t("txList")}
      </h2>
      <ListStates
        kind="transactions"
        loading={s.transactionsLoading}
        error={s.transactionsError}
        errorTitle={t("txError")}
        onRetry={s.refetchTransactions}
        empty={items.length === 0}
        emptyText={t("noTx")}
      >
        <ul className="pr-txs" aria-label={t("txList")} data-testid="transactions-list">
          {items.map((x) => (
            <li key={x.key} data-testid="profile-tx" data-kind={x.kind}>
              <span className={`pr-tx-kind pr-tx-${x.kind}`}>{t(x.kind)}</span>
              <span className="pr-tx-amounts">
                {shortDecimal(x.token_in_amount)} {displaySymbol(x.token_in_symbol)} →{" "}
                {shortDecimal(x.token_out_amount)} {displaySymbol(x.token_out_symbol)}
              </span>
              <span className="pr-tx-time">{when(x.created_at)}</span>
              {x.portfolio ? (
                <Link to={`/sts/portfolio/${x.portfolio}`} className="pr-tx-hash mono" title={x.txid}>
                  {x.txid.slice(0, 10)}…
                </Link>
              ) : (
                <span className="pr-tx-hash mono" title={x.txid}>
                  {x.txid.slice(0, 10)}…
                </span>
              )}
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
