/* Number Link puzzles in and out: save, load from a file, paste. */
import { $, postJSON, say, download, namedError, LIMITS } from "./common.js";
import { NL, nlReset, nlEntry, nlBody, setPreset } from "./numberlink.js";

export async function nlSave() {
  try {
    const out = await postJSON("/api/numberlink/format", nlBody());
    download(`numberlink-${NL.rows}x${NL.cols}.txt`, out.text);
    if (out.note) say($("nl-message"), out.note, "warn");  // a board being written: saved as it stands
  } catch (err) {
    say($("nl-message"), err.message, "error");
  }
}

// The solution on the board (the other one when it is shown), drawn as text as the command line draws it.
export function nlSaveSolution() {
  const out = NL.answer;
  const text = out && (NL.shown === "second" && out.second_text ? out.second_text : out.text);
  if (!text) return;
  const which = NL.shown === "second" && out.second_text ? "-other" : "";
  download(`numberlink-${NL.rows}x${NL.cols}-solution${which}.txt`, text);
}

// A puzzle text (a file's, or one pasted) read by the server in any format the command line reads; it
// replaces the board. `name` says where it came from in the messages.
// Of two texts read one after the other, the later one stands, whichever answer comes first.
let loading = 0;
export async function nlLoadText(text, name) {
  const id = ++loading;
  try {
    if (text.length > LIMITS.max_text) {
      throw new Error(`${text.length} characters: a puzzle text is at most ${LIMITS.max_text} characters`);
    }
    const out = await postJSON("/api/numberlink/parse", { text });
    if (id !== loading) return;
    setPreset(out.rows, out.cols);
    nlReset(out.rows, out.cols, out.grid, out.names);
    say($("nl-message"), `loaded ${name}: ${out.rows} × ${out.cols}`, "ok");
  } catch (err) {
    if (id === loading) say($("nl-message"), namedError(name, err.message, "puzzle"), "error");
  }
}

export function nlLoad(ev) {
  const file = ev.target.files[0];
  if (!file) return;
  nlLoadFile(file, () => { ev.target.value = ""; });  // (the same file chosen again is read again)
}

// Load `file` (chosen, or dropped on the board) as a puzzle; `read()` is called once it is read or refused.
export function nlLoadFile(file, read = () => {}) {
  // a file far too long for a puzzle is refused before it is read (a character is at most 4 bytes)
  if (file.size > 4 * LIMITS.max_text) {
    say($("nl-message"), `${file.name}: ${file.size} bytes: a puzzle text is at most ${LIMITS.max_text} characters`, "error");
    read();
    return;
  }
  const reader = new FileReader();
  reader.onload = async () => {
    const text = nlDecode(reader.result);
    read();
    // a picture or another binary file (its bytes come out as control characters, NULs and U+FFFD) is said
    // as such, not sent to be read as a puzzle (which quoted its bytes back)
    if (/[\u0000-\u0008\u000E-\u001F\uFFFD]/.test(text)) {
      say($("nl-message"), `${file.name} is not a text file: load a puzzle saved as text (a grid of numbers, ` +
        "a puzz.link address…)", "error");
      return;
    }
    await nlLoadText(text, file.name);
  };
  reader.onerror = () => {
    read();
    say($("nl-message"), `${file.name} cannot be read: load a file, not a folder`, "error");
  };
  reader.readAsArrayBuffer(file);
}

// A file's text: UTF-16 by its byte order mark, else UTF-8, else (bytes UTF-8 does not take: a puzzle saved
// on Windows with "ä" in its comment) Windows-1252, whose every byte is a character. Read as UTF-8 alone, such a
// file came out with U+FFFD and was called "not a text file".
export function nlDecode(buffer) {
  const bytes = new Uint8Array(buffer);
  if (bytes[0] === 0xFF && bytes[1] === 0xFE) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xFE && bytes[1] === 0xFF) return new TextDecoder("utf-16be").decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (_) {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

// Ctrl+V (or a long press's "paste") on the board, or in the number box when the text is more than a number:
// the text is a whole puzzle, in any format the command line reads.
export function nlPaste(ev) {
  const text = ev.clipboardData ? ev.clipboardData.getData("text/plain") : "";
  if (ev.target === $("nl-entry") && /^\s*[0-9]*\s*$/.test(text)) {  // a number for the cell
    const box = $("nl-entry");
    if (text === text.trim() && text.length <= box.maxLength) return;  // the box takes it as typed
    // put in without the spaces around it and whole: left to the browser, the box's 3 characters kept
    // "  1" of "  12  " and 100 of 1000 (said too large here, as when typed)
    ev.preventDefault();
    box.setRangeText(text.trim(), box.selectionStart, box.selectionEnd, "end");
    nlEntry();
    return;
  }
  ev.preventDefault();
  if (text.trim() === "" && pastedFile(ev)) {  // a copied picture (or another file): no text to read
    say($("nl-message"), "a pasted picture is not read as a puzzle: copy the puzzle as text (a grid of numbers, " +
      "a puzz.link address...), or load its file", "error");
    return;
  }
  if (text.trim() === "") {
    say($("nl-message"), "the pasted text is empty: copy a puzzle (a grid of numbers, a puzz.link address...) first", "error");
    return;
  }
  nlLoadText(text, "the pasted puzzle");
}

// Whether what was pasted holds a file (a picture copied): in its files, or only among its items.
function pastedFile(ev) {
  const data = ev.clipboardData;
  if (!data) return false;
  if (data.files && data.files.length) return true;
  return [...(data.items || [])].some((item) => item.kind === "file");
}
