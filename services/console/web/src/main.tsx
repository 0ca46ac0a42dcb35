import { render } from "preact";
import "uplot/dist/uPlot.min.css";
import "./app.css";
import { App } from "./app.js";
import { boot } from "./store.js";

const root = document.getElementById("app");
if (root) {
  render(<App />, root);
  void boot();
}
