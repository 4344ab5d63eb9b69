import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Result, Skeleton } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MarketHeader, QuestionStatus } from "./MarketHeader.tsx";
import { OutcomeChart } from "./OutcomeChart.tsx";
import { useFailureDialog } from "./parts.tsx";
import { TradePanel } from "./TradePanel.tsx";
import { useMarketPage } from "./useMarketPage.ts";
import { useRedeem } from "./useRedeem.ts";
import { useTradePanel } from "./useTradePanel.ts";
import "./predict.css";

/** /predict/{market} (spec 002 §2, §4, §5). */
export default function MarketPage() {
  const { t } = useTranslation("predict");
  const p = useMarketPage();
  const failure = useFailureDialog();
  const s = useTradePanel(p, failure.show);
  const redeem = useRedeem(failure.show);
  const title = p.m?.title;
  useEffect(() => {
    document.title = `${title ?? t("title")} · SoFi`;
  }, [title, t]);

  const back = (
    <Link to="/predict" className="pm-back" data-testid="predict-back">
      <ArrowLeftOutlined aria-hidden /> {t("back")}
    </Link>
  );

  if (p.notFound)
    return (
      <section className="page pm-page" aria-labelledby="page-title">
        {back}
        <h2 id="page-title" className="page-title">
          {t("notFound")}
        </h2>
        <Result status="404" subTitle={t("notFoundBody", { id: p.id })} data-testid="market-not-found" />
      </section>
    );

  return (
    <section className="page pm-page" aria-labelledby="page-title" data-testid="predict-market">
      {failure.holder}
      {back}
      {p.loading ? (
        <div aria-busy="true" data-testid="market-loading">
          <h2 id="page-title" className="page-title">
            {t("title")}
          </h2>
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      ) : p.error || !p.m ? (
        <>
          <h2 id="page-title" className="page-title">
            {t("title")}
          </h2>
          <Result
            status="warning"
            title={t("marketError")}
            data-testid="market-error"
            extra={<Button onClick={() => void p.refetch()}>{t("retry")}</Button>}
          />
        </>
      ) : (
        <div className="pm-market">
          <div className="pm-market-main">
            <MarketHeader p={p} />
            <OutcomeChart market={p.m.market} names={p.m.outcomeNames} />
            <QuestionStatus p={p} redeem={redeem} />
          </div>
          <div className="pm-market-side">
            <TradePanel p={p} s={s} />
          </div>
        </div>
      )}
    </section>
  );
}
