import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

/**
 * The company's mark, drawn in the page itself rather than as an image file: no request to wait
 * for (or for the service worker to answer offline), and no separate SVG document for the browser
 * to build as the page comes alive. The same drawing as public/logo.svg (the favicon and icons).
 */
export function Logo({ label, ...props }: HTMLChakraProps<'svg'> & { label?: string }) {
  return (
    <chakra.svg
      viewBox="0 0 512 512"
      flexShrink={0}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      {...props}
    >
      <rect width="512" height="512" rx="96" fill="#0b3d91" />
      <path d="M96 320h208l-40 64H96z" fill="#ffb703" />
      <path d="M160 128h208a48 48 0 0 1 0 96h-88l104 160h-76L208 224h-48z" fill="#fff" />
      <path d="M64 232h96v32H64zm32 48h64v32H96z" fill="#ffb703" />
    </chakra.svg>
  );
}
