import { Button, Result, Skeleton } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { TrackRecordCard } from "../portfolios/index.ts";
import { shortenAddress } from "../wallet/index.ts";
import { ManagerCard } from "./ManagerCard.tsx";
import { PerformanceChart } from "./PerformanceChart.tsx";
import { PortfolioTable } from "./PortfolioTable.tsx";
import { useManagerState } from "./useManagerState.ts";
import "./manager.css";

/**
 * `/sts/manager/{address}` (spec 001 §2): name header, the manager's track record (issue 21 §3),
 * performance chart, portfolio table, manager card.
 */
export default function ManagerPage() {
  const { t } = useTranslation("manager");
  const s = useManagerState();
  const name = s.info.data?.name || (s.valid ? shortenAddress(s.address) : t("title"));
  useEffect(() => {
    document.title = `${name} · SoFi`;
  }, [name]);
  if (!s.valid) return <Result status="404" title={t("invalid")} />;
  return (
    <section className="mg-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" data-testid="manager-name">
        {name}
      </h1>
      <div className="mg-layout">
        <div className="mg-main">
          <TrackRecordCard
            record={s.info.data?.track_record}
            subject="manager"
            loading={s.info.isPending}
            error={s.info.isError}
            onRetry={() => void s.info.refetch()}
          />
          <PerformanceChart s={s} />
          <section className="mg-panel" aria-labelledby="mg-portfolios">
            <h2 id="mg-portfolios" className="mg-section-title">
              {t("portfolios")}
            </h2>
            <PortfolioTable s={s} />
          </section>
        </div>
        {s.info.isPending ? (
          <aside className="mg-panel mg-card">
            <Skeleton avatar active paragraph={{ rows: 4 }} />
          </aside>
        ) : s.info.isError || !s.info.data ? (
          <aside className="mg-panel mg-card">
            <Result
              status="warning"
              title={t("loadError")}
              extra={<Button onClick={() => void s.info.refetch()}>{t("retry")}</Button>}
            />
          </aside>
        ) : (
          <ManagerCard m={s.info.data} />
        )}
      </div>
    </section>
  );
}
