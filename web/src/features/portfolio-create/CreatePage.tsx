import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Result, Steps } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useMediaQuery } from "../../kernel/hooks.ts";
import { InfoStep } from "./InfoStep.tsx";
import { PublishStep } from "./PublishStep.tsx";
import { ResultStage } from "./ResultStage.tsx";
import { TokenStep } from "./TokenStep.tsx";
import { type CreateState, useCreateState } from "./useCreateState.ts";
import "./portfolio-create.css";

/** Spec 001 §9: the wizard's layout breakpoint. */
const WIZARD_NARROW = "(max-width: 767px)";

function WizardActions({ s, onCancel }: { s: CreateState; onCancel: () => void }) {
  const { t } = useTranslation("portfolio-create");
  const { step } = s.form;
  return (
    <div className="pc-actions">
      {step === 0 ? (
        <Button onClick={onCancel} data-testid="create-cancel">
          {t("cancel")}
        </Button>
      ) : (
        <Button onClick={s.form.back} data-testid="create-back">
          {t("back")}
        </Button>
      )}
      {step < 2 ? (
        <Button type="primary" onClick={s.form.next} data-testid="create-next">
          {t("next")}
        </Button>
      ) : (
        <Button type="primary" onClick={s.publish} disabled={!s.params} data-testid="create-publish">
          {t("publish")}
        </Button>
      )}
    </div>
  );
}

/** `/sts/create` (spec 001 §2, §4): three steps, the result stage and the disclaimer. */
export default function CreatePage() {
  const { t } = useTranslation("portfolio-create");
  const navigate = useNavigate();
  const narrow = useMediaQuery(WIZARD_NARROW);
  const s = useCreateState();
  const cancel = () => navigate("/sts");
  useEffect(() => {
    document.title = `${t("title")} · SoFi`;
  }, [t]);

  const { step } = s.form;
  let body: React.ReactNode;
  if (!s.factory) {
    body = <Result status="warning" title={t("noFactory")} data-testid="create-no-factory" />;
  } else if (!s.account && step < 3) {
    body = (
      <Result
        status="info"
        title={t("connectTitle")}
        subTitle={t("connectHint")}
        extra={[
          <Button key="connect" type="primary" onClick={s.connect} data-testid="create-connect">
            {t("connect")}
          </Button>,
          <Button key="cancel" onClick={cancel}>
            {t("cancel")}
          </Button>,
        ]}
        data-testid="create-connect-gate"
      />
    );
  } else if (step === 3) {
    body = (
      <ResultStage
        result={s.result}
        chainId={s.chainId}
        account={s.account}
        name={s.params?.name ?? s.form.info.name}
        symbol={s.params?.symbol ?? s.form.info.symbol}
        onAgain={s.again}
        onCancel={cancel}
      />
    );
  } else {
    body = (
      <>
        {step === 0 && (
          <TokenStep
            form={s.form}
            tokens={s.list.tokens}
            loading={s.list.loading}
            error={s.list.error}
            onRetry={s.list.retry}
          />
        )}
        {step === 1 && <InfoStep form={s.form} />}
        {step === 2 && (
          <PublishStep
            form={s.form}
            tokens={s.list.tokens}
            account={s.account}
            units={s.units}
            unitsError={s.unitsError}
          />
        )}
        <WizardActions s={s} onCancel={cancel} />
      </>
    );
  }

  const status = s.result.status;
  return (
    <section className="pc-page" aria-labelledby="page-title">
      <div className="pc-head">
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t("back")} onClick={cancel} />
        <h1 id="page-title" className="page-title">
          {t("title")}
        </h1>
      </div>
      <div className="pc-panel" data-testid="create-wizard" data-step={step}>
        <Steps
          className="pc-steps"
          current={Math.min(step, 2)}
          status={
            step === 3 ? (status === "failed" ? "error" : status === "success" ? "finish" : "process") : "process"
          }
          orientation={narrow ? "vertical" : "horizontal"}
          size="small"
          items={[{ title: t("steps.tokens") }, { title: t("steps.info") }, { title: t("steps.publish") }]}
        />
        {body}
      </div>
      <aside className="pc-disclaimer" aria-labelledby="pc-disclaimer-title">
        <h2 id="pc-disclaimer-title">{t("disclaimerTitle")}</h2>
        <p>{t("disclaimer")}</p>
      </aside>
    </section>
  );
}
