"""Find the element a test is about in a served page: by id, by role and name, by label, or by CSS selector.

Pages are parsed with BeautifulSoup's html.parser, which keeps the document as served (a partial
stays a partial: no <html> or <body> is made up around it). A missing element fails the test with
the selector it looked for and the page's headings, so the failure says where it was looking."""
from __future__ import annotations

from bs4 import BeautifulSoup, Comment, Doctype, Tag

# The roles an element has without a role attribute (the ones our pages use).
IMPLICIT_ROLES = {
    "alert": "[role=alert]",
    "button": "button, input[type=submit], input[type=button], input[type=reset], input[type=image]",
    "checkbox": "input[type=checkbox]",
    "columnheader": "th[scope=col], thead th",
    "combobox": "select",
    "form": "form",
    "heading": "h1, h2, h3, h4, h5, h6",
    "link": "a[href]",
    "list": "ul, ol",
    "listitem": "li",
    "main": "main",
    "navigation": "nav",
    "radio": "input[type=radio]",
    "row": "tr",
    "rowheader": "th[scope=row]",
    "status": "[role=status], output",
    "table": "table",
    "textbox": "textarea, input:not([type]), input[type=text], input[type=number], input[type=search]",
}


def parse(page) -> BeautifulSoup:
    """A served page (a Flask response or its text) as a parsed document; an element found in one
    stays itself, to look inside it."""
    if isinstance(page, Tag):
        return page
    if hasattr(page, "get_data"):
        page = page.get_data(as_text=True)
    return BeautifulSoup(page, "html.parser")


def squeeze(words: str) -> str:
    """Text as a reader sees it: runs of white space made one space, none at the ends."""
    return " ".join(words.split())


# Elements a browser lays out as blocks (or cells, or line breaks): their text stands apart from
# its neighbours', while an inline element's (a link, a <strong>, an <output>) runs on with them.
APART = {"address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div", "dl", "dt",
         "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
         "hr", "legend", "li", "main", "nav", "ol", "option", "p", "section", "summary", "table", "tbody",
         "td", "tfoot", "th", "thead", "tr", "ul"}


def text_of(element: Tag) -> str:
    """An element's text as a reader sees it, blocks and cells apart, inline elements run on."""
    return squeeze("".join(_words(element)))


def _words(element: Tag):
    for part in element.children:
        if isinstance(part, Tag):
            if part.name in ("script", "style", "template"):
                continue
            apart = " " if part.name in APART else ""
            yield apart
            yield from _words(part)
            yield apart
        elif not isinstance(part, (Comment, Doctype)):
            yield str(part)


def elements(page, selector: str) -> list[Tag]:
    """Every element the CSS selector finds (none is fine)."""
    return parse(page).select(selector)


def element(page, selector: str) -> Tag:
    """The one element the CSS selector finds; fails naming the selector when it finds none or several."""
    document = parse(page)
    found = document.select(selector)
    assert found, f"no element matches {selector!r} on the page ({outline(document)})"
    assert len(found) == 1, f"{len(found)} elements match {selector!r}, expected one: {[text_of(e) for e in found]}"
    return found[0]


def text(page, selector: str) -> str:
    """The text of the one element the selector finds, as a reader sees it."""
    return text_of(element(page, selector))


def own_text(page, selector: str | None = None) -> str:
    """The text directly inside the one element the selector finds (or the element given), leaving
    out its child elements'."""
    found = element(page, selector) if selector else page
    return squeeze(" ".join(found.find_all(string=True, recursive=False)))


def texts(page, selector: str) -> list[str]:
    """The text of every element the selector finds, in page order."""
    return [text_of(e) for e in elements(page, selector)]


def by_id(page, element_id: str) -> Tag:
    found = parse(page).find(id=element_id)
    assert found is not None, f"no element with id {element_id!r} on the page ({outline(parse(page))})"
    return found


def has_id(page, element_id: str) -> bool:
    return parse(page).find(id=element_id) is not None


def error_said(page) -> str:
    """What the error page (404, 403, 410, 503...) says in its lead paragraph."""
    return text(page, "#error-page p.lead")


def whole_page(page) -> bool:
    """Whether the response is a whole page (its <html> element) rather than a partial for htmx."""
    return parse(page).find("html") is not None


def by_role(page, role: str, name: str | None = None) -> Tag:
    """The one element with the role (explicit, or implied by its tag) whose accessible name is name."""
    found = with_role(page, role, name)
    wanted = f"role {role!r}" + (f" named {name!r}" if name is not None else "")
    document = parse(page)
    assert found, f"no element with {wanted} on the page ({outline(document)}; " \
                  f"with that role: {[accessible_name(document, e) for e in with_role(document, role)]})"
    assert len(found) == 1, f"{len(found)} elements with {wanted}, expected one"
    return found[0]


def with_role(page, role: str, name: str | None = None) -> list[Tag]:
    """Every element with the role (and the accessible name, when one is given), in page order."""
    document = parse(page)
    implied = IMPLICIT_ROLES.get(role)
    selector = f"[role={role}]" + (f", {implied}" if implied else "")
    found = [e for e in document.select(selector) if e.get("role", role) == role]
    if name is not None:
        found = [e for e in found if accessible_name(document, e) == squeeze(name)]
    return found


def by_label(page, label: str) -> Tag:
    """The form field whose label (a <label for>, a wrapping <label> or aria-label) reads label."""
    document = parse(page)
    found = [e for e in document.select("input, select, textarea") if label_of(document, e) == squeeze(label)]
    assert found, f"no field labelled {label!r} on the page " \
                  f"(labels: {[label_of(document, e) for e in document.select('input, select, textarea')]})"
    assert len(found) == 1, f"{len(found)} fields labelled {label!r}, expected one"
    return found[0]


def accessible_name(document: BeautifulSoup, e: Tag) -> str:
    if e.get("aria-label"):
        return squeeze(e["aria-label"])
    if e.get("aria-labelledby"):
        return squeeze(" ".join(text_of(document.find(id=i)) for i in e["aria-labelledby"].split()
                                if document.find(id=i)))
    if e.name in ("input", "select", "textarea"):
        return label_of(document, e) or squeeze(e.get("value", ""))
    return text_of(e)


def label_of(document: BeautifulSoup, field: Tag) -> str:
    if field.get("aria-label"):
        return squeeze(field["aria-label"])
    label = document.find("label", attrs={"for": field["id"]}) if field.get("id") else None
    label = label or field.find_parent("label")
    return text_of(label) if label else ""


def outline(document: BeautifulSoup) -> str:
    """What a reader would see first: the page's headings, to say which page a failing test was on."""
    headings = [text_of(h) for h in document.select("h1, h2")][:4]
    if headings:
        return f"its headings: {headings}"
    return f"it starts: {squeeze(document.get_text(' '))[:120]!r}"
