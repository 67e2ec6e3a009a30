"""One place that decides between a full page and an htmx fragment.

A full page extends base.html and includes the partial; an htmx request gets
only the partial. Responses that vary on it say so with `Vary: HX-Request`.
"""
from __future__ import annotations

from flask import make_response, redirect, render_template, request

from ..game.typed import printable


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def page(template: str, partial: str, status: int = 200, *, push_url: str | None = None, render=render_template,
         **context):
    body = render(partial if is_htmx() else template, **context)
    response = make_response(body, status)
    response.vary.add("HX-Request")
    if is_htmx() and push_url:
        response.headers["HX-Push-Url"] = push_url
    return response


def see_other(url: str):
    """After a successful plain form post: redirect (303) so a reload does not post again."""
    return redirect(url, code=303)


def redirect_to(url: str):
    """Go to another page after a post: a 303 for a plain form, a full navigation for htmx."""
    if is_htmx():
        response = make_response("", 204)
        response.headers["HX-Redirect"] = url
        return response
    return see_other(url)


def device_name() -> str | None:
    name = printable(request.cookies.get("device") or "").strip()
    return name[:40] or None
