"""The web layer: routes (views/), the forms they parse, the pages and partials they render, and
what every request passes through (who may see a game, the language, headers, errors, limits on
heavy work). It asks game/ and storage/ and holds no SQL of its own."""
