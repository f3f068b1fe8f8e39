// A game without a board of its own: its view as a tree, so every game is playable.
import { h } from "../dom.js";

export function render(view) {
  return h("pre.view-json", JSON.stringify(view, null, 1));
}
