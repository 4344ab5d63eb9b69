import { ArrowLeftOutlined, ExportOutlined } from "@ant-design/icons";
import { BALANCE_HISTORY_TYPES, type BalanceHistoryType, PREDICT_POSITIONS_PAGE } from "@sofi/core";
import { Button, Segmented, Table, Tabs } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { useSettings } from "../../kernel/settings-store.ts";
import { txExplorerUrl } from "../transactions/index.ts";
import { useWalletUi } from "../wallet/index.ts";
import { useAccount, useBalanceHistory, useChainId, useMarketTxs, usePositionsPage } from "./hooks.ts";
import { LineChart, type Series, sortPoints, TEAL } from "./LineChart.tsx";
import { ListState, useFailureDialog } from "./parts.tsx";
import { formatAmount, formatDateTime, formatPercent, formatPrice, redeemButton, trendClass } from "./rules.ts";
import { useRedeem } from "./useRedeem.ts";
import "./predict.css";

const short = (h: string) => `${h.slice(0, 6)}…${h.slice(-4)}`;

/** /predict/transactions (spec 002 §2): balance, its history, every transaction and every position. */
export default function TransactionsPage() {
  const { t, i18n } = useTranslation("predict");
  const lang = i18n.language;
  const account = useAccount();
  const chainId = useChainId();
  const dark = useSettings((s) => s.theme) === "dark";
  const [range, setRange] = useState<BalanceHistoryType>("all");
  const balances = useBalanceHistory(account, range);
  // the positions table's page, read from the server a page at a time (its total pages the table)
  const [page, setPage] = useState(1);
  const positions = usePositionsPage(account, page);
  const positionsTotal = positions.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(positionsTotal / PREDICT_POSITIONS_PAGE));
  useEffect(() => {
    // positions left (redeemed, sold) and the page shown is past the last: show the last
    if (positions.data && !positions.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [positions.data, positions.isPlaceholderData, page, lastPage]);
  const txs = useMarketTxs(account);
  const failure = useFailureDialog();
  const redeem = useRedeem(failure.show);
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${t("txTitle")} · SoFi`;
  }, [t]);

  const series = useMemo<Series[] | null>(() => {
    if (balances.isError) return [];
    if (!balances.data) return null;
    return [{ color: TEAL, points: sortPoints(balances.data.history) }];
  }, [balances.data, balances.isError]);

  const head = (
    <>
      <Link to="/predict" className="pm-back">
        <ArrowLeftOutlined aria-hidden /> {t("back")}
      </Link>
      <h2 id="page-title" className="page-title">
        {t("txTitle")}
      </h2>
    </>
  );
  if (!account)
    return (
      <section className="page pm-page" aria-labelledby="page-title" data-testid="predict-transactions">
        {head}
        <div className="pm-panel">
          <p className="pm-muted">{t("connectHint")}</p>
          <Button
            type="primary"
            onClick={() => useWalletUi.getState().openDialog("options")}
            data-testid="predict-connect"
          >
            {t("connect")}
          </Button>
        </div>
      </section>
    );

  const changed = positions.data?.balance_changed;
  return (
    <section className="page pm-page" aria-labelledby="page-title" data-testid="predict-transactions">
      {failure.holder}
      {head}
      <section className="pm-panel pm-portfolio" aria-labelledby="pm-balance-title">
        <div className="pm-chart-head">
          <div className="pm-balance-figure">
            <span id="pm-balance-title" className="pm-muted">
              {t("portfolioBalance")}
            </span>
            <strong data-testid="portfolio-balance">
              {balances.data ? `${formatAmount(balances.data.balance, 2, lang)} SOFI` : "--"}
            </strong>
            {changed !== undefined && (
              <span className={`pm-change ${trendClass(changed)}`}>
                {t("allTime")} {formatPercent(changed)}
              </span>
            )}
          </div>
          <Segmented
            size="small"
            aria-label={t("range")}
            value={range}
            onChange={(v) => setRange(v as BalanceHistoryType)}
            options={BALANCE_HISTORY_TYPES.map((r) => ({ value: r, label: t(`balanceRanges.${r}`) }))}
            data-testid="balance-range"
          />
        </div>
        <LineChart
          series={series}
          dark={dark}
          loading={balances.isPending}
          noData={t("noData")}
          label={`${t("balanceChart")} ${t(`balanceRanges.${range}`)}`}
          format={(v) => v.toFixed(2)}
          testId="balance-canvas"
        />
      </section>
      <Tabs
        aria-label={t("tabs")}
        className="pm-tabs"
        items={[
          {
            key: "txs",
            label: t("txTab"),
            children: (
              <ListState
                kind="predict-txs"
                loading={txs.isPending}
                error={txs.isError}
                errorTitle={t("txsError")}
                onRetry={() => void txs.refetch()}
                empty={(txs.data ?? []).length === 0}
                emptyText={t("noTxs")}
              >
                <Table
                  size="small"
                  rowKey={(r) => `${r.txid}-${r.action}-${r.outcome ?? ""}`}
                  dataSource={txs.data ?? []}
                  pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
                  scroll={{ x: 640 }}
                  data-testid="predict-txs"
                  columns={[
                    {
                      title: t("market"),
                      key: "market",
                      width: 260,
                      ellipsis: true,
                      render: (_, r) => (
                        <Link to={`/predict/${r.market}`}>
                          <OnChainText>{r.market_title}</OnChainText>
                        </Link>
                      ),
                    },
                    {
                      title: t("action"),
                      key: "action",
                      render: (_, r) => (
                        <span data-testid="tx-action">
                          {t(`actions.${r.action}`)}
                          {r.outcome ? (
                            <>
                              {" "}
                              <OnChainText>{r.outcome}</OnChainText>
                            </>
                          ) : null}
                        </span>
                      ),
                    },
                    {
                      title: t("shares"),
                      key: "shares",
                      align: "right",
                      render: (_, r) => formatAmount(r.shares, 4, lang),
                    },
                    {
                      title: t("volumeCol"),
                      key: "volume",
                      align: "right",
                      render: (_, r) => `${formatAmount(r.volume, 4, lang)} SOFI`,
                    },
                    {
                      title: "",
                      key: "time",
                      render: (_, r) => <span className="pm-muted">{formatDateTime(r.timestamp)}</span>,
                    },
                    {
                      title: t("explorer"),
                      key: "explorer",
                      render: (_, r) => {
                        const href = txExplorerUrl(chainId, r.txid);
                        return href ? (
                          <a
                            href={href}
                            target="_blank"
                            rel="noopener noreferrer"
                            aria-label={t("viewTx", { hash: short(r.txid) })}
                          >
                            <ExportOutlined aria-hidden />
                          </a>
                        ) : (
                          <span className="pm-muted" title={r.txid}>
                            {short(r.txid)}
                          </span>
                        );
                      },
                    },
                  ]}
                />
              </ListState>
            ),
          },
          {
            key: "positions",
            label: t("positionsTab"),
            children: (
              <ListState
                kind="predict-positions"
                loading={positions.isPending}
                error={positions.isError}
                errorTitle={t("positionsError")}
                onRetry={() => void positions.refetch()}
                empty={positionsTotal === 0}
                emptyText={t("noPosition")}
              >
                <Table
                  size="small"
                  rowKey={(r) => `${r.market}-${r.outcome_index}`}
                  dataSource={positions.data?.positions ?? []}
                  loading={positions.isPlaceholderData}
                  pagination={{
                    current: Math.min(page, lastPage),
                    pageSize: PREDICT_POSITIONS_PAGE,
                    total: positionsTotal,
                    onChange: setPage,
                    hideOnSinglePage: true,
                    showSizeChanger: false,
                  }}
                  scroll={{ x: 820 }}
                  data-testid="predict-positions"
                  onRow={(r) =>
                    ({ "data-market": r.market, "data-status": r.status }) as React.HTMLAttributes<HTMLElement>
                  }
                  columns={[
                    {
                      title: t("market"),
                      key: "market",
                      width: 260,
                      ellipsis: true,
                      render: (_, r) => (
                        <Link to={`/predict/${r.market}`}>
                          <OnChainText>{r.market_title}</OnChainText>
                        </Link>
                      ),
                    },
                    {
                      title: t("outcome"),
                      key: "outcome",
                      render: (_, r) => (
                        <span className={`pm-outcome-chip ${r.outcome_index === 0 ? "is-yes" : "is-no"}`}>
                          <OnChainText>{r.outcome}</OnChainText>
                        </span>
                      ),
                    },
                    { title: t("avgPrice"), key: "avg", align: "right", render: (_, r) => formatPrice(r.price_avg, 4) },
                    { title: t("curPrice"), key: "cur", align: "right", render: (_, r) => formatPrice(r.price_cur, 4) },
                    {
                      title: t("pnl"),
                      key: "pnl",
                      align: "right",
                      render: (_, r) => (
                        <span className={`pm-change ${trendClass(r.profit_loss_percentage)}`}>
                          {formatPercent(r.profit_loss_percentage)}
                        </span>
                      ),
                    },
                    {
                      title: t("shares"),
                      key: "qty",
                      align: "right",
                      render: (_, r) => formatAmount(r.quantity, 4, lang),
                    },
                    {
                      title: t("value"),
                      key: "value",
                      align: "right",
                      render: (_, r) => `${formatAmount(r.value_cur, 4, lang)} SOFI`,
                    },
                    {
                      title: t("maxPayout"),
                      key: "payout",
                      align: "right",
                      render: (_, r) => `${formatAmount(r.max_payout, 4, lang)} SOFI`,
                    },
                    {
                      title: "",
                      key: "do",
                      render: (_, r) => {
                        const b = redeemButton(r, redeem.stateOf(r.market));
                        return b.shown ? (
                          <Button
                            size="small"
                            type="primary"
                            loading={b.loading}
                            disabled={b.disabled || !redeem.ready}
                            onClick={() => void redeem.run(r.market, r.conditionId)}
                            data-testid="position-redeem"
                          >
                            {t("redeem")}
                          </Button>
                        ) : (
                          <Button
                            size="small"
                            onClick={() => navigate(`/predict/${r.market}?outcome=${r.outcome_index}`)}
                            data-testid="position-trade"
                          >
                            {t("trade")}
                          </Button>
                        );
                      },
                    },
                  ]}
                />
              </ListState>
            ),
          },
        ]}
      />
    </section>
  );
}
