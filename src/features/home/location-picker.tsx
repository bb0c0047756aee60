import {
  Box,
  Button,
  Flex,
  Input,
  Stack,
  Text,
  useChakraContext,
  useRecipe,
} from '@chakra-ui/react';
import { ClassNames } from '@emotion/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { filterLocalities, type Locality } from '../../domain/localities';

/**
 * The look of a place in the list: Chakra's ghost Button, small, full width, its text at the start,
 * resolved once for the list. The 16 places are plain `<button>`s sharing that one class: as
 * Chakra Buttons, each resolved the recipe and serialized its styles again (32 of them as the home
 * page goes live, ~4 components each), for the same class.
 */
function usePlaceStyles() {
  const { css } = useChakraContext();
  const recipe = useRecipe({ key: 'button' });
  return useMemo(
    () =>
      css(recipe({ variant: 'ghost', size: 'sm' }), { w: 'full', justifyContent: 'flex-start' }),
    [css, recipe],
  );
}

interface LocationPickerProps {
  question: string;
  value: Locality | null;
  onChange: (value: Locality | null) => void;
}

/** Collapsible list of the 16 places: choose one, or 'Alterar' to choose again. */
export function LocationPicker({ question, value, onChange }: LocationPickerProps) {
  const [open, setOpen] = useState(true);
  const [query, setQuery] = useState('');
  const bodyId = useId();
  const inputId = useId();
  const options = filterLocalities(query);
  const box = useRef<HTMLDivElement>(null);
  const placeStyles = usePlaceStyles();
  // Set when a place is chosen from the list: the list goes away with the button that had focus,
  // so focus moves on to the next thing to fill instead of dropping to the page body.
  const chose = useRef(false);
  useEffect(() => {
    if (!chose.current || !value || !box.current) return;
    chose.current = false;
    nextFocusable(box.current)?.focus();
  }, [value]);

  return (
    <Box ref={box} borderWidth="1px" borderRadius="lg" overflow="hidden">
      <Flex align="center" justify="space-between" gap="2" bg="bg.muted" px="4" py="3">
        <Button
          variant="plain"
          p="0"
          h="auto"
          fontWeight="semibold"
          whiteSpace="normal"
          textAlign="left"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          {value ?? question}
        </Button>
        {value && (
          <Button
            size="xs"
            variant="outline"
            aria-label={`Alterar: ${question}`}
            onClick={() => {
              onChange(null);
              setQuery('');
              setOpen(true);
            }}
          >
            Alterar
          </Button>
        )}
      </Flex>
      {open && (
        <Box id={bodyId} px="4" py="3">
          {value ? (
            <Text color="green.fg">{value} selecionado</Text>
          ) : (
            <Stack gap="2">
              <label htmlFor={inputId}>
                <Text srOnly>{question}</Text>
              </label>
              <Input
                id={inputId}
                placeholder="Localidades"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                autoComplete="off"
              />
              <Stack
                as="ul"
                gap="1"
                maxH="56"
                overflowY="auto"
                listStyleType="none"
                aria-label={question}
              >
                <ClassNames>
                  {({ css }) => {
                    const placeClass = `chakra-button ${css(placeStyles)}`;
                    return options.map((place) => (
                      <li key={place}>
                        <button
                          type="button"
                          className={placeClass}
                          onClick={() => {
                            onChange(place);
                            chose.current = true;
                          }}
                        >
                          {place}
                        </button>
                      </li>
                    ));
                  }}
                </ClassNames>
                {options.length === 0 && (
                  <Text color="fg.muted">Nenhuma localidade encontrada</Text>
                )}
              </Stack>
            </Stack>
          )}
        </Box>
      )}
    </Box>
  );
}

const FILLABLE = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea';

/** The first field after `box` in the page's order (the next picker's search, the weight). */
function nextFocusable(box: HTMLElement): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(FILLABLE)].find(
    (el) =>
      !box.contains(el) &&
      Boolean(box.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) &&
      el.offsetParent !== null,
  );
}
