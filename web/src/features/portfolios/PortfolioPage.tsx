import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Result, Skeleton, Spin } from "antd";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../kernel/api.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { AllocationTable } from "./AllocationTable.tsx";
import { PortfolioHeader } from "./PortfolioHeader.tsx";
import { PortfolioSummary } from "./PortfolioSummary.tsx";
import { PortfolioTransactions } from "./PortfolioTransactions.tsx";
import { TrackRecordCard } from "./TrackRecordCard.tsx";
import { TradePanel } from "./TradePanel.tsx";
import { usePortfolioState } from "./usePortfolioState.ts";
import "./portfolios.css";

const PortfolioChart = lazy(() => import("./PortfolioChart.tsx"));

/** `/sts/portfolio/{address}`: the portfolio detail page (spec 001 §2). */
export default function PortfolioPage() {
  const { t } = useTranslation("portfolios");
  const navigate = useNavigate();
  const dark = useSettings((s) => s.theme) === "dark";
  const s = usePortfolioState();
  const d = s.data;
  useEffect(() => {
    document.title = `${d ? `${d.name} (${d.symbol})` : t("homeTitle")} · SoFi`;
  }, [d, t]);

  const back = (
    <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t("back")} onClick={() => navigate("/sts")} />
  );
  if (!d && s.detail.isPending) {
    return (
      <section className="pf-page" aria-busy="true" aria-label={t("homeTitle")} data-testid="portfolio-loading">
        {back}
        <Skeleton avatar active paragraph={{ rows: 6 }} />
      </section>
    );
  }
  if (!d) {
    const missing =
      s.detail.error instanceof ApiError && (s.detail.error.status === 404 || s.detail.error.status === 400);
    return (
      <section className="pf-page" aria-labelledby="page-title">
        {back}
        <Result
          status={missing ? "404" : "warning"}
          title={<h1 id="page-title">{missing ? t("notFound") : t("loadErrorDetail")}</h1>}
          data-testid="portfolio-error"
          extra={missing ? undefined : <Button onClick={() => void s.detail.refetch()}>{t("retry")}</Button>}
        />
      </section>
    );
  }
  return (
    <section className="pf-page pf-detail" aria-labelledby="page-title">
      {back}
      <PortfolioHeader d={d} s={s} />
      <div className="pf-detail-grid">
        <div className="pf-detail-main">
          <Suspense
            fallback={
              <div className="pf-panel pf-chart">
                <Spin />
              </div>
            }
          >
            <PortfolioChart address={d.address} dark={dark} />
          </Suspense>
          <AllocationTable d={d} />
          <section className="pf-panel" aria-labelledby="pf-about-title">
            <h2 id="pf-about-title" className="pf-section-title">
              {t("about")}
            </h2>
            <p className="pf-intro">{d.intro || t("noIntro")}</p>
          </section>
          <PortfolioTransactions s={s} />
        </div>
        <div className="pf-detail-side">
          <TradePanel d={d} isManager={s.isManager} />
          <PortfolioSummary d={d} />
          <TrackRecordCard record={d.track_record} subject="portfolio" />
        </div>
      </div>
    </section>
  );
}
