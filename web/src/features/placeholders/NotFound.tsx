import { Button, Result } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";

export default function NotFound() {
  const { t } = useTranslation("placeholders");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${t("notFoundTitle")} · SoFi`;
  }, [t]);
  return (
    <section className="page" aria-labelledby="page-title">
      <Result
        status="404"
        title={<h1 id="page-title">{t("notFoundTitle")}</h1>}
        subTitle={<span className="break-all">{t("notFoundBody", { path: pathname })}</span>}
        extra={
          <Button type="primary" onClick={() => navigate("/sts")}>
            {t("backHome")}
          </Button>
        }
      />
    </section>
  );
}
