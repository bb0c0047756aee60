import { Box, CloseButton, Drawer, Portal, Separator, VStack } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { mainNav, staffNav } from '../config/paths';

/** The phone menu: the five links of SPEC.md §2, the current one highlighted. */
export default function MobileDrawer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <VStack as="nav" aria-label="Menu" align="stretch" gap="1">
                {mainNav.map((item) => (
                  <NavLink key={item.to} to={item.to} end onClick={() => onOpenChange(false)}>
                    {({ isActive }) => (
                      <Box
                        px="3"
                        py="3"
                        borderRadius="md"
                        fontWeight={isActive ? 'bold' : 'normal'}
                        bg={isActive ? 'brand.subtle' : undefined}
                        color={isActive ? 'brand.fg' : undefined}
                      >
                        {item.label}
                      </Box>
                    )}
                  </NavLink>
                ))}
              </VStack>
              <Separator my="2" />
              <NavLink to={staffNav.to} onClick={() => onOpenChange(false)}>
                {({ isActive }) => (
                  <Box
                    px="3"
                    py="2"
                    fontSize="sm"
                    color="fg.muted"
                    fontWeight={isActive ? 'bold' : 'normal'}
                  >
                    {staffNav.label}
                  </Box>
                )}
              </NavLink>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fechar menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
