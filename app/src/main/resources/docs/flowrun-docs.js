// Swagger UI on this service's own document. BaseLayout: no bar to load another document by URL.
window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    queryConfigEnabled: false,
    tryItOutEnabled: false
  });
};
