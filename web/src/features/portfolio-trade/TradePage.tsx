import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Result, Segmented, Skeleton, Tag } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../kernel/api.ts";
import { displaySymbol, formatUnitsShort, formatUsd, PortfolioIcon } from "../portfolios/index.ts";
import { shortenAddress } from "../wallet/index.ts";
import { BuySellPanel, ManageView } from "./panels.tsx";
import { type PanelMode, type TradeView, useTradeView } from "./useTradeView.ts";
import "./portfolio-trade.css";
import { OnChainText } from "../../kernel/OnChainText.tsx";

/** The trading status line of the side column (spec 001 §3 module state and the buy/sell flag). */
function statusOf(v: TradeView): "statusOpen" | "statusManagerOnly" | "statusClosed" {
  if (v.moduleState === 2) return v.tradingEnabled ? "statusOpen" : "statusManagerOnly";
  return "statusClosed";
}

/** The portfolio beside the panel: value per set, manager, trading status, components per set. */
function PortfolioSide({ v }: { v: TradeView }) {
  const { t } = useTranslation("portfolio-trade");
  const d = v.d;
  if (!d) return null;
  const status = statusOf(v);
  return (
    <aside className="pt-card pt-side" aria-label={d.name} data-testid="portfolio-side">
      <dl className="pt-summary">
        <div>
          <dt>{t("valuePerSet")}</dt>
          <dd>{formatUsd(d.value_per_set)}</dd>
        </div>
        <div>
          <dt>{t("manager")}</dt>
          <dd>{shortenAddress(d.manager)}</dd>
        </div>
        <div>
          <dt>{t("tradingStatus")}</dt>
          <dd>
            <Tag color={status === "statusOpen" ? "green" : status === "statusManagerOnly" ? "gold" : "default"}>
              {t(status)}
            </Tag>
          </dd>
        </div>
      </dl>
      <h2 className="pt-section-title">{t("components")}</h2>
      <ul className="pt-components" data-testid="components">
        {d.components.map((c) => (
          <li key={c.address}>
            <span className="pt-component-symbol">{displaySymbol(c.symbol)}</span>
            <span>{formatUnitsShort(c.amount, c.decimals)}</span>
            <span className="pt-muted">{formatUsd(c.value_per_set)}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/**
 * `/sts/buy/{contractAddress}`, `/sts/sell/{contractAddress}`, `/sts/manage/{contractAddress}`
 * (spec 001 §2): one trade view with the panel modes none, buy, sell and manage; the tabs move
 * between the three routes.
 */
export default function TradePage() {
  const { t } = useTranslation("portfolio-trade");
  const navigate = useNavigate();
  const v = useTradeView();
  const d = v.d;
  const heading = t(`title.${v.routeMode}`);
  useEffect(() => {
    document.title = `${heading}${d ? ` · ${d.symbol}` : ""} · SoFi`;
  }, [heading, d]);

  const back = (
    <Button
      type="text"
      icon={<ArrowLeftOutlined />}
      aria-label={t("back")}
      onClick={() => navigate(v.address ? `/sts/portfolio/${v.address}` : "/sts")}
    />
  );
  const title = (
    <h2 id="page-title" className="pt-title">
      {heading}
    </h2>
  );
  if (!v.address) {
    return (
      <section className="pt-page" aria-labelledby="page-title">
        {back}
        {title}
        <Result status="404" title={t("invalidAddress")} data-testid="trade-error" />
      </section>
    );
  }
  if (!d) {
    const missing =
      v.detail.error instanceof ApiError && (v.detail.error.status === 404 || v.detail.error.status === 400);
    return (
      <section className="pt-page" aria-labelledby="page-title" aria-busy={v.detail.isPending}>
        {back}
        {title}
        {v.detail.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} data-testid="trade-loading" />
        ) : (
          <Result
            status={missing ? "404" : "warning"}
            title={missing ? t("notFound") : t("loadError")}
            data-testid="trade-error"
            extra={missing ? undefined : <Button onClick={() => void v.detail.refetch()}>{t("retry")}</Button>}
          />
        )}
      </section>
    );
  }
  const mode: PanelMode = v.mode;
  return (
    <section className="pt-page" aria-labelledby="page-title" data-mode={mode}>
      <div className="pt-head">
        {back}
        <PortfolioIcon uri={d.icon ?? d.avatar_uri} symbol={d.symbol} size={44} />
        <div className="pt-head-text">
          {title}
          <p className="pt-name">
            <strong>
              <OnChainText>{d.name}</OnChainText>
            </strong>{" "}
            <OnChainText className="pt-muted">{d.symbol}</OnChainText>
          </p>
        </div>
      </div>
      <div className="pt-grid">
        <div className="pt-card pt-panel">
          <Segmented
            block
            size="large"
            aria-label={t("modes")}
            value={mode}
            onChange={(m) => navigate(`/sts/${m}/${v.address}`)}
            options={[
              { value: "buy", label: t("tabBuy") },
              { value: "sell", label: t("tabSell") },
              { value: "manage", label: t("tabManage") },
            ]}
            data-testid="mode-tabs"
          />
          {mode === "buy" && <BuySellPanel key="buy" v={v} side="buy" />}
          {mode === "sell" && <BuySellPanel key="sell" v={v} side="sell" />}
          {mode === "manage" && <ManageView v={v} />}
        </div>
        <PortfolioSide v={v} />
      </div>
    </section>
  );
}
