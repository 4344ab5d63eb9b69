import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, message, Result } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ActionList } from "./ActionList.tsx";
import { ActionModal } from "./ActionModal.tsx";
import { ConfirmModal } from "./ConfirmModal.tsx";
import { ContentEditor } from "./ContentEditor.tsx";
import { CreateSummary } from "./CreateSummary.tsx";
import { KindLabel } from "./parts.tsx";
import { useCreateState } from "./useCreateState.ts";
import "./governance.css";

/**
 * `/proposals/create` (spec 002 §2, §4, §5): the form (title, markdown content, governance actions
 * with the action modal), the side summary with the button sequence, and the confirm modal.
 */
export default function CreatePage() {
  const { t } = useTranslation("governance");
  const [toast, holder] = message.useMessage();
  const s = useCreateState(toast);
  useEffect(() => {
    document.title = `${t("createTitle")} · SoFi`;
  }, [t]);
  return (
    <section className="gv-page" aria-labelledby="page-title" data-testid="create-page" data-kind={s.kind}>
      {holder}
      <div className="gv-head">
        <div className="gv-head-title">
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t("back")} onClick={s.back} />
          <h1 id="page-title" className="page-title">
            {t("createTitle")}
          </h1>
          <KindLabel kind={s.kind} />
        </div>
      </div>
      {!s.governor ? (
        <Result status="warning" title={t("noGovernor")} data-testid="create-no-governor" />
      ) : (
        <div className="gv-create">
          <div className="gv-create-main">
            <ContentEditor form={s.form} />
            <ActionList form={s.form} tokens={s.tokens} names={s.names} simulations={s.simulations} />
          </div>
          <aside className="gv-create-side" aria-label={t("sideSummary")}>
            <CreateSummary s={s} />
          </aside>
        </div>
      )}
      <ActionModal form={s.form} tokens={s.tokens} allowed={s.allowed} />
      <ConfirmModal s={s} />
    </section>
  );
}
