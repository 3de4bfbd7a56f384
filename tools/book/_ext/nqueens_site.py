"""The course website's own Sphinx extension (tools/book/_config.yml loads it): every page
without Thebe's scripts and styles. The site runs no code (a lecture opens on the course hub
instead), and Jupyter Book and its theme each add Thebe's start-up script, which declares the
same constant twice: an error in every page's console."""


def is_thebe(asset):
    """Whether a script or stylesheet of the page is Thebe's (its file, or a script's body)."""
    body = getattr(asset, "attributes", {}).get("body", "") or ""
    return "thebe" in str(getattr(asset, "filename", asset) or "").lower() or "THEBE" in body


def without_thebe(app, pagename, templatename, context, doctree):
    for key in ("script_files", "css_files"):
        if key in context:
            context[key] = [asset for asset in context[key] if not is_thebe(asset)]


def setup(app):
    app.connect("html-page-context", without_thebe, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
