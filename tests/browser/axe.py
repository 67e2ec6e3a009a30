"""axe-core, vendored from the npm registry with its version in the file name, run in a page."""
from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).parent / "vendor" / "axe-core-4.14.1.min.js"
SERIOUS = ("serious", "critical")


def serious_violations(page) -> list[str]:
    """axe's serious and critical findings on the page as shown now, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # evaluated by the DevTools protocol: the app's CSP (script-src 'self') does not apply
        page.evaluate(AXE.read_text())
    found = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ["violations"]});
        return result.violations.map(v => ({id: v.id, impact: v.impact,
            targets: v.nodes.map(n => n.target.join(" ")).slice(0, 3)}));
    }""")
    return [f"{v['id']} ({v['impact']}): {', '.join(v['targets'])}" for v in found if v["impact"] in SERIOUS]
