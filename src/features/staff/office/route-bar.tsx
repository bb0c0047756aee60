import { Button, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { manifestLink } from '../../../config/paths';
import { toaster } from '../../../components/toaster';
import { newChangeTime, orderByCep, type RouteChange, type ShownRow } from '../../../domain';
import { change } from '../tracking/use-tracking';

/**
 * The list filtered to one driver: his stops to make, a first order for them by CEP (which the
 * driver or the office adjusts after), and his romaneio.
 */
export function RouteBar({
  driver,
  driverName,
  stops,
}: {
  /** The driver's account id. */
  driver: string;
  driverName: string;
  /** His stops still to make, in his order. */
  stops: ShownRow[];
}) {
  const orderRoute = () => {
    const order = orderByCep(stops);
    if (order.join() === stops.map((r) => r.id).join()) {
      toaster.create({ title: 'As paradas já estão em ordem de CEP', type: 'info' });
      return;
    }
    const made: RouteChange = {
      op: 'route',
      record: driver,
      number: '',
      at: newChangeTime(),
      order,
    };
    void change(made, `Paradas de ${driverName} ordenadas por CEP`);
  };
  return (
    <HStack
      as="section"
      aria-label={`Rota de ${driverName}`}
      justify="space-between"
      wrap="wrap"
      gap="2"
      p="3"
      borderWidth="1px"
      borderRadius="lg"
    >
      <Text fontSize="sm">
        {driverName}: {stops.length === 1 ? '1 parada a fazer' : `${stops.length} paradas a fazer`}
      </Text>
      <HStack gap="2" wrap="wrap">
        {stops.length > 1 && (
          <Button size="sm" variant="outline" onClick={orderRoute}>
            Ordenar paradas por CEP
          </Button>
        )}
        <Button asChild size="sm" variant="outline">
          <RouterLink to={manifestLink({ driver })}>Romaneio</RouterLink>
        </Button>
      </HStack>
    </HStack>
  );
}
