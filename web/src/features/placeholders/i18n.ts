export default {
  en: {
    backHome: "Back to Social Trading",
    notFoundTitle: "Page not found",
    notFoundBody: "There is no page at {{path}}.",
  },
  ko: {
    backHome: "소셜 트레이딩으로 돌아가기",
    notFoundTitle: "페이지를 찾을 수 없습니다",
    notFoundBody: "{{path}} 경로에 페이지가 없습니다.",
  },
};
