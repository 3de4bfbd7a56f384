"""What a graded notebook keeps of the outputs a student's kernel made: text and images only.

The feedback page a student opens and the formgrader a lecturer works in both show the graded
notebook as HTML, and every output of a graded kernel is the student's doing (their code shares
the process that runs the course's cells too). So before anything is saved, each output is
remade from the kinds of data that cannot reach outside their place on the page:

* plain text, as it is;
* HTML cleaned by nh3 (the Rust library ammonia): no script, no style, no attribute that runs
  code, positions or styles anything, no link but to the web; images only from `data:` URLs of
  PNG, JPEG, GIF or SVG (nothing the page fetches) (an SVG in an `<img>` runs no script and styles nothing outside it),
  which is how the course's own drawings are shown;
* an SVG image, as such an `<img>`; PNG and JPEG images whose data is base64 and nothing else;
* an error's name, message and traceback, as text.

Every other kind (JavaScript, Markdown, LaTeX, widgets) and every output's metadata are dropped.
A Markdown or raw cell the student added is kept as text, in a code block. The judge's verdicts are
added after this, by the grader, above what the student's code showed.
"""

import base64
import re

import nbformat
import nh3

IMAGE_URL = re.compile(r"data:image/(png|jpeg|gif|svg\+xml);base64,[A-Za-z0-9+/=\s]*\Z")
BASE64 = re.compile(r"[A-Za-z0-9+/=\s]*\Z")
ATTRIBUTES = {"img": {"src", "alt", "width", "height"}, "a": {"href", "title"},
              "td": {"colspan", "rowspan"}, "th": {"colspan", "rowspan"}}


def keep_attribute(tag, name, value):
    """nh3's filter: an image's source only a `data:` URL of an image (no request leaves the
    page), and a `data:` URL nowhere else."""
    image = tag == "img" and name == "src"
    if (image or value.strip().lower().startswith("data:")) and not (
            image and IMAGE_URL.match(value.strip())):
        return None
    return value


def clean_html(html):
    """HTML with nothing in it but text, tables, lists, links to the web and images."""
    return nh3.clean(html, attributes=ATTRIBUTES, attribute_filter=keep_attribute,
                     url_schemes={"http", "https", "data"}, clean_content_tags={"script", "style"})


def as_text(value):
    return "".join(value) if isinstance(value, list) else str(value)


def cleaned(output, text=lambda t: t):
    """An output remade from its text and images only (see the module's doc); `text` is applied
    to every text first (the grader uses it to leave out the inputs it sent). None when nothing
    of it may be kept."""
    kind = output.get("output_type")
    if kind == "stream":
        return nbformat.v4.new_output("stream", name=output.get("name", "stdout"),
                                      text=text(as_text(output.get("text", ""))))
    if kind == "error":
        return nbformat.v4.new_output(
            "error", ename=text(str(output.get("ename", ""))),
            evalue=text(str(output.get("evalue", ""))),
            traceback=[text(str(line)) for line in output.get("traceback", [])])
    data = output.get("data", {})
    kept = {}
    if "text/plain" in data:
        kept["text/plain"] = text(as_text(data["text/plain"]))
    if "text/html" in data:
        kept["text/html"] = clean_html(text(as_text(data["text/html"])))
    elif "image/svg+xml" in data:
        svg = as_text(data["image/svg+xml"]).encode()
        kept["text/html"] = (f'<img src="data:image/svg+xml;base64,'
                             f'{base64.b64encode(svg).decode()}" alt="an image">')
    for image in ("image/png", "image/jpeg"):
        if image in data and BASE64.match(as_text(data[image])):
            kept[image] = as_text(data[image])
    if not kept:
        return None
    if kind == "execute_result":
        return nbformat.v4.new_output("execute_result", data=kept,
                                      execution_count=output.get("execution_count"))
    return nbformat.v4.new_output("display_data", data=kept)


def cleaned_outputs(outputs, text=lambda t: t):
    """Every output `cleaned`, those of which nothing may be kept left out."""
    return [kept for kept in (cleaned(o, text) for o in outputs) if kept is not None]


def markdown_as_text(source):
    """A student's Markdown shown as it was typed: a code block, its fence longer than any run
    of backticks in it."""
    fence = "`" * max(3, 1 + max((len(run) for run in re.findall(r"`+", source)), default=0))
    return f"{fence}text\n{source}\n{fence}"
