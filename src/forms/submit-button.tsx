import { useRecipe } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useSharedClasses } from './shared-classes';
import { flag } from './text-field';

/**
 * A form's large brand-coloured submit button, with its spinner and text while sending: the same
 * elements, attributes and classes as Chakra's `<Button type="submit" colorPalette="brand"
 * size="lg" loading loadingText>`, drawn as plain elements whose classes are made once
 * (./shared-classes.ts) instead of a recipe resolved for it as the page goes live. The same button
 * element throughout, so the focus stays on it.
 */
export function SubmitButton({
  sending,
  sendingText,
  children,
}: {
  sending: boolean;
  sendingText: string;
  children: ReactNode;
}) {
  const recipe = useRecipe({ key: 'button' });
  const classes = useSharedClasses('submit-button', (named) => ({
    button: `chakra-button ${named(recipe({ size: 'lg' }), { colorPalette: 'brand' })}`,
  }));
  return (
    <button
      type="submit"
      data-loading={flag(sending)}
      disabled={sending}
      className={classes.button}
    >
      {sending ? <Sending text={sendingText} /> : children}
    </button>
  );
}

/**
 * What Chakra's Button shows while loading (its Loader's span around a Spinner and the text). Its
 * own component: the spinner's classes are made (and their rules added to the page) the first
 * time a form is sent, not while the page goes live, where no prerendered page has them.
 */
function Sending({ text }: { text: string }) {
  const recipe = useRecipe({ key: 'spinner' });
  const classes = useSharedClasses('submit-button-sending', (named) => ({
    loader: named({ display: 'contents' }),
    spinner: `chakra-spinner ${named(recipe({ size: 'inherit' }), {
      borderWidth: '0.125em',
      color: 'inherit',
    })}`,
  }));
  return (
    <span className={classes.loader}>
      <span className={classes.spinner} />
      {text}
    </span>
  );
}
