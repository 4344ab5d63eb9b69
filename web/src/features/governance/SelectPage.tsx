import { ArrowLeftOutlined, NotificationOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import "./governance.css";

/**
 * `/proposals/select` (spec 002 §2): the two kinds; edit portfolio list goes to
 * `/proposals/create?type=Edit Portfolio List`, marketing campaign with the navigation state's type;
 * cancel goes back.
 */
export default function SelectPage() {
  const { t } = useTranslation("governance");
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${t("selectTitle")} · SoFi`;
  }, [t]);
  const cancel = () => (window.history.length > 1 ? navigate(-1) : navigate("/proposals"));
  return (
    <section className="gv-page gv-narrow" aria-labelledby="page-title">
      <div className="gv-head">
        <div className="gv-head-title">
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t("back")}
            onClick={() => navigate("/proposals")}
          />
          <h1 id="page-title" className="page-title">
            {t("selectTitle")}
          </h1>
        </div>
      </div>
      <p className="gv-intro">{t("selectIntro")}</p>
      <ul className="gv-kinds" aria-label={t("selectTitle")}>
        <li>
          <button
            type="button"
            className="gv-kind-card"
            onClick={() => navigate(`/proposals/create?type=${encodeURIComponent("Edit Portfolio List")}`)}
            data-testid="select-edit-list"
          >
            <span className="gv-kind-icon" aria-hidden>
              <UnorderedListOutlined />
            </span>
            <span className="gv-kind-name">{t("kinds.editPortfolioList")}</span>
            <span className="gv-kind-text">{t("kindHelp.editPortfolioList")}</span>
          </button>
        </li>
        <li>
          <button
            type="button"
            className="gv-kind-card"
            onClick={() => navigate("/proposals/create", { state: { type: "Marketing Campaign" } })}
            data-testid="select-campaign"
          >
            <span className="gv-kind-icon gv-kind-icon-2" aria-hidden>
              <NotificationOutlined />
            </span>
            <span className="gv-kind-name">{t("kinds.marketingCampaign")}</span>
            <span className="gv-kind-text">{t("kindHelp.marketingCampaign")}</span>
          </button>
        </li>
      </ul>
      <div className="gv-select-actions">
        <Button onClick={cancel} data-testid="select-cancel">
          {t("cancel")}
        </Button>
      </div>
    </section>
  );
}
