import { GlobalOutlined } from "@ant-design/icons";
import { Result } from "antd";
import { useTranslation } from "react-i18next";
import "./predict.css";

/**
 * Spec 002 §2 and §8: 'The service is not available in your region' - when the market list comes
 * back empty, and at /predict when the deployment has the prediction market switched off.
 */
export function RegionText() {
  const { t } = useTranslation("predict");
  return (
    <Result
      className="pm-region"
      icon={<GlobalOutlined aria-hidden />}
      title={t("region")}
      data-testid="predict-region"
    />
  );
}

export default function RegionNotice() {
  const { t } = useTranslation("predict");
  return (
    <section className="page pm-page" aria-labelledby="page-title">
      <h2 id="page-title" className="page-title">
        {t("title")}
      </h2>
      <RegionText />
    </section>
  );
}
