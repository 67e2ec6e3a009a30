"""Template filters that put stored values in players' words."""
import json


def describe_entry(snapshot_json: str | None) -> str:
    if not snapshot_json:
        return "empty"
    snap = json.loads(snapshot_json)
    if snap.get("went_out"):
        return "went out (0)"
    if snap.get("points") is None:
        return "empty"
    if snap.get("tiles"):
        return f"{snap['points']} ({' '.join(snap['tiles'])})"
    return str(snap["points"])


def register_filters(app) -> None:
    app.jinja_env.filters["describe_entry"] = describe_entry
