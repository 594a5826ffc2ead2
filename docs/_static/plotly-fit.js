// Charts are drawn while the page is still being laid out, sometimes wider than the column
// they end up in: once the page has loaded, fit each one to its column (plotly's own resize).
window.addEventListener("load", function () {
  if (!window.Plotly) return;
  document.querySelectorAll(".js-plotly-plot").forEach(function (gd) {
    window.Plotly.relayout(gd, {autosize: true});
  });
});
