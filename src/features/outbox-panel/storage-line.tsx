import { Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { keepStorage, storageState, type StorageState } from '../../lib/storage';

/**
 * How much this site keeps on the device, and whether the browser promised to keep it. Most of
 * it is the app itself (its pages and code, for use with no signal): said so, or a single quote
 * waiting looked like megabytes of the person's data.
 */
export function StorageLine() {
  const [state, setState] = useState<StorageState | null>(null);
  useEffect(() => {
    void keepStorage().then(storageState).then(setState);
  }, []);
  if (!state) return null;
  const mb = (state.usage / 1024 / 1024).toFixed(1).replace('.', ',');
  return (
    <Text fontSize="sm" color="fg.muted" mb="3" data-testid="storage-line">
      O site ocupa {mb} MB neste aparelho (o app para usar sem sinal e os envios).{' '}
      {state.persisted
        ? 'O navegador não vai apagar estes dados.'
        : 'O navegador pode apagar dados sem uso se faltar espaço: envie assim que puder.'}
    </Text>
  );
}
