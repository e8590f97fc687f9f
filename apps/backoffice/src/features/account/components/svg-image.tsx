/**
 * Server-drawn SVG shown as an image, never inlined into the page: a browser runs no script and fetches
 * nothing from an SVG loaded through <img>, so even a hostile answer cannot act in the back office.
 */
export function SvgImage({ svg, alt, size }: { svg: string; alt: string; size: number }) {
  return (
    <img
      className="svg-image"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={alt}
      width={size}
      height={size}
    />
  );
}
