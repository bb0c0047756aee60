import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { displayTrackingNumber, type ShownRow } from '../../../domain';

/** 'Excluir número': asked before a number leaves the list, for good. */
export function DeleteDialog({
  row,
  onConfirm,
  onCancel,
}: {
  row: ShownRow;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root role="alertdialog" open onOpenChange={(e) => !e.open && onCancel()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Excluir número</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Excluir o rastreio {displayTrackingNumber(row.number)}? Esta ação não pode ser
                desfeita.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                Cancelar
              </Button>
              <Button colorPalette="red" onClick={onConfirm}>
                Excluir
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
