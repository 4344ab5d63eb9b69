import { Alert, Button, Skeleton } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { BalanceCard, PositionList } from "./BalanceCard.tsx";
import { MarketCarousel } from "./MarketCarousel.tsx";
import { MarketGrid } from "./MarketGrid.tsx";
import { ListState } from "./parts.tsx";
import { RegionText } from "./RegionNotice.tsx";
import { useHomeState } from "./useHomeState.ts";
import "./predict.css";

/** /predict (spec 002 §2). */
export default function HomePage() {
  const { t } = useTranslation("predict");
  const s = useHomeState();
  useEffect(() => {
    document.title = `${t("title")} · SoFi`;
  }, [t]);

  return (
    <section className="page pm-page" aria-labelledby="page-title" data-testid="predict-home">
      <div className="pm-head">
        <h2 id="page-title" className="page-title">
          {t("title")}
        </h2>
        {!s.unavailable && <p className="pm-intro">{t("intro")}</p>}
      </div>
      {s.loading ? (
        <div aria-busy="true" data-testid="markets-loading">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ) : s.error ? (
        <ListState
          kind="markets"
          loading={false}
          error
          errorTitle={t("marketsError")}
          onRetry={() => void s.markets.refetch()}
          empty={false}
          emptyText=""
        >
          {null}
        </ListState>
      ) : s.unavailable ? (
        <RegionText />
      ) : (
        <>
          {s.tip && (
            <Alert
              type="info"
              showIcon
              className="pm-tip"
              title={t("tip", { network: s.network })}
              data-testid="predict-tip"
            />
          )}
          <div className="pm-top">
            <BalanceCard s={s} />
            <section className="pm-panel pm-positions" aria-labelledby="pm-positions-title">
              <h3 id="pm-positions-title" className="pm-section-title">
                {t("positions")}
              </h3>
              {s.account ? (
                <ListState
                  kind="home-positions"
                  loading={s.positions.isPending}
                  error={s.positions.isError}
                  errorTitle={t("positionsError")}
                  onRetry={() => void s.positions.refetch()}
                  empty={s.open.length === 0}
                  emptyText={t("noPosition")}
                >
                  <PositionList positions={s.open} />
                </ListState>
              ) : (
                <p className="list-empty" data-testid="home-positions-empty">
                  {t("noPosition")}
                </p>
              )}
            </section>
          </div>
          <MarketCarousel markets={s.newest} />
          <MarketGrid markets={s.all} />
          {s.markets.isError && (
            <Button type="link" onClick={() => void s.markets.refetch()}>
              {t("retry")}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
