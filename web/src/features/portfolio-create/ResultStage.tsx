import { LoadingOutlined } from "@ant-design/icons";
import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { txExplorerUrl } from "../transactions/index.ts";
import { useWalletUi } from "../wallet/index.ts";
import type { CreateResult } from "./types.ts";

export type ResultStageProps = {
  result: CreateResult;
  chainId: number;
  account: string | undefined;
  name: string;
  symbol: string;
  onAgain: () => void;
  onCancel: () => void;
};

/** The transaction's details: the explorer when the chain has one, else the wallet's recent transactions. */
function Details({ chainId, hash }: { chainId: number; hash: `0x${string}` }) {
  const { t } = useTranslation("portfolio-create");
  const url = txExplorerUrl(chainId, hash);
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" data-testid="create-details">
      {t("details")}
    </a>
  ) : (
    <Button type="link" onClick={() => useWalletUi.getState().openDialog("account")} data-testid="create-details">
      {t("details")}
    </Button>
  );
}

/** Step 3 (spec 001 §4, §8): processing with a link to the details, success, or failure. */
export function ResultStage({ result, chainId, account, name, symbol, onAgain, onCancel }: ResultStageProps) {
  const { t } = useTranslation("portfolio-create");
  if (result.status === "idle" || result.status === "signing" || result.status === "pending") {
    return (
      <Result
        icon={<LoadingOutlined spin />}
        title={t("pendingTitle")}
        subTitle={result.status === "pending" ? t("pendingHint") : t("signingHint")}
        extra={result.status === "pending" ? <Details chainId={chainId} hash={result.hash} /> : null}
        data-testid="create-pending"
      />
    );
  }
  if (result.status === "success") {
    return (
      <Result
        status="success"
        title={t("successTitle")}
        subTitle={
          <>
            <span>{t("successHint", { name, symbol })}</span>
            {result.portfolio && (
              <span className="pc-result-address mono" data-testid="created-address">
                {result.portfolio}
              </span>
            )}
          </>
        }
        extra={[
          result.portfolio && (
            <Link key="open" to={`/sts/portfolio/${result.portfolio}`} data-testid="open-created">
              <Button type="primary" tabIndex={-1}>
                {t("openPortfolio")}
              </Button>
            </Link>
          ),
          account && (
            <Link key="mine" to={`/sts/profile/${account}/3`} data-testid="my-created">
              <Button tabIndex={-1}>{t("myPortfolios")}</Button>
            </Link>
          ),
          <Details key="details" chainId={chainId} hash={result.hash} />,
        ]}
        data-testid="create-success"
      />
    );
  }
  const message =
    result.reason === "cancelled" ? t("cancelled") : result.reason === "reverted" ? t("txFailed") : result.message;
  return (
    <Result
      status="error"
      title={t("failedTitle")}
      subTitle={<span className="pc-result-message">{message}</span>}
      extra={[
        <Button key="again" type="primary" onClick={onAgain} data-testid="create-again">
          {t("createAgain")}
        </Button>,
        <Button key="cancel" onClick={onCancel}>
          {t("cancel")}
        </Button>,
      ]}
      data-testid="create-failed"
    />
  );
}
