// A member's text with its web addresses as links. Only http(s) addresses become links, opened in
// a new tab without handing it this page (noopener) or our standing (nofollow, ugc); the rest stays
// text, which React escapes.
const address = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'])/g;

export function LinkedText({ text }: { text: string }) {
  // split() with a capturing group puts each address at an odd index.
  return text.split(address).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} target="_blank" rel="noopener noreferrer nofollow ugc">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
