import { Empty, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "./format.ts";
import type { PortfolioState } from "./usePortfolioState.ts";

/** The connected account's latest buys and sells of this portfolio. */
export function PortfolioTransactions({ s }: { s: PortfolioState }) {
  const { t } = useTranslation("portfolios");
  const q = s.transactionsQuery;
  let body: React.ReactNode;
  if (!s.account) body = <Empty description={t("connectForTransactions")} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  else if (q.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (q.isError) body = <Empty description={t("loadError")} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  else if (!s.transactions?.length)
    body = <Empty description={t("noTransactions")} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  else
    body = (
      <ul className="pf-txs">
        {s.transactions.map((x) => (
          <li key={`${x.txid}-${x.kind}`}>
            <span className={x.kind === "buy" ? "is-up" : "is-down"}>
              {x.kind === "buy" ? t("txBuy") : t("txSell")}
            </span>
            <span>
              {x.token_in_amount} {x.token_in_symbol} → {x.token_out_amount} {x.token_out_symbol}
            </span>
            <span className="pf-tx-time">{formatDateTime(x.created_at)}</span>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="pf-panel" aria-labelledby="pf-tx-title" data-testid="portfolio-transactions">
      <h2 id="pf-tx-title" className="pf-section-title">
        {t("transactions")}
      </h2>
      {body}
    </section>
  );
}
