import { render } from "preact";

/** The console page; the panels mount here. */
function App() {
  return <h1>Boyd console</h1>;
}

const root = document.getElementById("app");
if (root) render(<App />, root);
