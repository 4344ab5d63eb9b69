import { Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SlotProps } from "../../kernel/feature.ts";
import { PositionList } from "./BalanceCard.tsx";
import { useOpenPositions, useStaking } from "./hooks.ts";
import { bigOf, formatAmount, formatDateTime, fromUnits } from "./rules.ts";
import "./predict.css";

/**
 * The prediction market's part of the wallet's account panel (its `account.panel` contribution): the
 * account's open positions (up to 3, linked to the market and to all positions) and the staking pool
 * (staked liquidity tokens, SOFI earned, APR), which has no screen of its own (spec 002 §2).
 */
export default function PredictAccountPanel({ account, close }: SlotProps["account.panel"]) {
  const { t, i18n } = useTranslation("predict");
  const lang = i18n.language;
  const positions = useOpenPositions(account);
  const staking = useStaking(account);
  const open = positions.data?.positions ?? [];
  const st = staking.data;
  const ended = st ? st.periodFinish * 1000 < Date.now() : false;
  return (
    <div className="pm-account" data-testid="predict-account">
      <section aria-labelledby="pm-account-positions">
        <div className="pm-account-head">
          <strong id="pm-account-positions">{t("panelPositions")}</strong>
          <Link to="/predict/transactions" onClick={close} data-testid="predict-account-all">
            {t("panelAll")}
          </Link>
        </div>
        {positions.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 1 }} />
        ) : positions.isError ? (
          <p className="pm-muted">{t("positionsError")}</p>
        ) : open.length === 0 ? (
          <p className="pm-muted" data-testid="predict-account-empty">
            {t("noPosition")}
          </p>
        ) : (
          <PositionList positions={open} onNavigate={close} />
        )}
      </section>
      <section aria-labelledby="pm-account-staking" data-testid="predict-staking">
        <strong id="pm-account-staking">{t("staking")}</strong>
        {staking.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 1 }} />
        ) : staking.isError || !st ? (
          <p className="pm-muted">{t("stakingError")}</p>
        ) : (
          <>
            <dl className="pm-staking">
              <div>
                <dt>{t("staked")}</dt>
                <dd data-testid="staking-staked">{formatAmount(fromUnits(bigOf(st.balanceOf)), 4, lang)} LP</dd>
              </div>
              <div>
                <dt>{t("earned")}</dt>
                <dd data-testid="staking-earned">{formatAmount(fromUnits(bigOf(st.earned)), 4, lang)} SOFI</dd>
              </div>
              <div>
                <dt>{t("apr")}</dt>
                <dd data-testid="staking-apr">{formatAmount(st.apr, 2, lang)}%</dd>
              </div>
            </dl>
            <span className="pm-muted pm-small">
              {t(ended ? "stakingEnded" : "stakingUntil", { date: formatDateTime(st.periodFinish) })}
            </span>
          </>
        )}
      </section>
    </div>
  );
}
