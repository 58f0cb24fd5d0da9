"""The app's stylesheet: large, high-contrast, colour-blind-safe (Okabe-Ito).

Colour never carries meaning alone: the chosen square and the two collapse
choices get dashed borders, a winning line a double border, X and O differ by
letter, and the status line spells everything out.
"""

from __future__ import annotations

X_COLOUR = "#0072B2"
O_COLOUR = "#D55E00"
HIGHLIGHT = "#E69F00"
SECONDARY = "#009E73"

_NUMBERS = "\n".join(
    f'.qttt-app .qttt-square-{s}::before {{ content: "{s}"; }}' for s in range(1, 10)
)

CSS = f"""
.qttt-app {{
  font-family: "Segoe UI", "Helvetica Neue", Arial, sans-serif;
  color: #1a1a1a;
  gap: 10px;
}}
.qttt-app .qttt-title {{ font-size: 22px; font-weight: 700; margin: 0; }}
.qttt-app .qttt-status {{
  font-size: 19px; font-weight: 600; line-height: 1.35;
  padding: 8px 12px; border-left: 6px solid #888; background: #f6f6f6;
  /* room for a refusal above the prompt, so the board does not jump under the mouse */
  min-height: 58px; box-sizing: content-box;
}}
.qttt-app .qttt-status.qttt-turn-x {{ border-left-color: {X_COLOUR}; }}
.qttt-app .qttt-status.qttt-turn-o {{ border-left-color: {O_COLOUR}; }}
.qttt-app .qttt-status .qttt-refusal {{
  display: block; color: #7a3300; font-weight: 700; margin-bottom: 4px;
}}
.qttt-app .qttt-status .qttt-note {{ display: block; font-weight: 400; font-size: 16px; }}
.qttt-app button.qttt-square {{
  position: relative; margin: 0; padding: 18px 6px 6px 6px;
  white-space: normal; overflow: hidden; text-overflow: clip;
  font-size: 18px; line-height: 1.3; font-weight: 600; color: #222;
  background: #ffffff; border: 2px solid #4d4d4d; border-radius: 6px;
  box-shadow: none;
}}
.qttt-app button.qttt-square::before {{
  position: absolute; top: 3px; left: 7px;
  font-size: 13px; font-weight: 400; color: #595959;
}}
{_NUMBERS}
.qttt-app button.qttt-square.qttt-last::after {{
  content: "◆"; position: absolute; top: 3px; right: 7px;
  font-size: 13px; font-weight: 400; color: {SECONDARY};
}}
.qttt-app button.qttt-square:hover {{ background: #f2f2f2; }}
.qttt-app button.qttt-square:focus-visible {{ outline: 3px solid #000; outline-offset: 2px; }}
.qttt-app button.qttt-square.qttt-classical {{ font-size: 46px; font-weight: 700; }}
.qttt-app button.qttt-square.qttt-mark-x {{ color: {X_COLOUR}; }}
.qttt-app button.qttt-square.qttt-mark-o {{ color: {O_COLOUR}; }}
.qttt-app button.qttt-square.qttt-selected {{
  border: 4px dashed {HIGHLIGHT}; background: #fdf1d6;
}}
.qttt-app button.qttt-square.qttt-cycle {{ background: #fff7e6; }}
.qttt-app button.qttt-square.qttt-choosable {{ border: 4px dashed {HIGHLIGHT}; }}
.qttt-app button.qttt-square.qttt-line {{ border: 5px double #6b6b6b; }}
.qttt-app button.qttt-square.qttt-line-winner {{
  border: 7px double {SECONDARY}; background: #e9f6f0;
}}
.qttt-app button.qttt-choose {{
  font-size: 16px; font-weight: 600; border: 3px dashed {HIGHLIGHT};
  background: #fdf1d6; color: #1a1a1a;
}}
.qttt-app .qttt-panel-title {{ font-size: 15px; font-weight: 700; margin: 4px 0 2px 0; }}
.qttt-app .qttt-explain {{ font-size: 16px; line-height: 1.4; }}
.qttt-app .qttt-explain p {{ margin: 0 0 6px 0; }}
.qttt-app .qttt-explain .qttt-metaphor {{
  font-size: 13px; line-height: 1.35; color: #4d4d4d; font-style: italic;
}}
.qttt-app .qttt-choices {{ margin-top: 6px; gap: 8px; }}
.qttt-app .qttt-log code {{ font-size: 15px; white-space: pre-wrap; }}
.qttt-app .qttt-realities table {{ border-collapse: collapse; font-size: 13px; }}
.qttt-app .qttt-realities td {{
  border: 1px solid #8c8c8c; width: 74px; height: 46px; padding: 2px 4px;
  vertical-align: top; line-height: 1.25;
}}
.qttt-app .qttt-realities td .qttt-sq {{ color: #595959; font-size: 11px; }}
.qttt-app .qttt-realities .qttt-odds-x {{ color: {X_COLOUR}; }}
.qttt-app .qttt-realities .qttt-odds-o {{ color: {O_COLOUR}; }}
.qttt-app .qttt-realities .qttt-count {{ font-size: 15px; font-weight: 600; line-height: 1.3; }}
.qttt-app .qttt-realities .qttt-note {{
  font-size: 12px; line-height: 1.3; color: #4d4d4d; max-width: 240px; margin-top: 4px;
}}
"""

STYLE_TAG = f"<style>{CSS}</style>"
