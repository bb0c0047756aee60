import { Box, Button, Heading, Link, Text } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { PageTitle } from '../components/page-title';

export function NotFound() {
  return (
    <Box py="16" textAlign="center">
      <PageTitle title="Página não encontrada" hidden />
      <Heading as="h1" size="5xl" mb="2">
        404
      </Heading>
      <Text fontSize="xl" mb="4">
        Ops! Página não encontrada
      </Text>
      <Link asChild color="brand.fg" fontWeight="semibold">
        <RouterLink to={paths.home}>Voltar para o início</RouterLink>
      </Link>
    </Box>
  );
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

interface BoundaryState {
  error: unknown;
}

interface RouteBoundaryState extends BoundaryState {
  pathname: string;
}

/**
 * A route that throws (its code failed to load, or it broke): our 'Erro' screen with 'Tentar
 * Novamente', inside the layout, in Portuguese. The technical text goes to the console, not to the
 * visitor. Another address starts afresh (without remounting the page: a redirect that shows the
 * same thing keeps its elements).
 */
export class RouteErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  RouteBoundaryState
> {
  state: RouteBoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<RouteBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: RouteBoundaryState,
  ): Partial<RouteBoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  componentDidCatch(error: unknown) {
    console.error('Erro na rota:', errorText(error));
  }

  render() {
    if (this.state.error) {
      return (
        <ErrorScreen message="Não foi possível abrir esta página. Confira a conexão e tente novamente." />
      );
    }
    return this.props.children;
  }
}

export function ErrorScreen({ message }: { message: string }) {
  return (
    <Box py="16" px="4" textAlign="center" role="alert">
      <Heading as="h1" size="2xl" mb="2">
        Erro
      </Heading>
      <Text mb="6">{message}</Text>
      <Button colorPalette="brand" onClick={() => window.location.reload()}>
        Tentar Novamente
      </Button>
    </Box>
  );
}

/** App-level boundary: anything outside the router that throws shows the 'Erro' screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(
      'Failed to initialize application. Please check your configuration.',
      error,
      info,
    );
  }

  render() {
    if (this.state.error) {
      return (
        <ErrorScreen message="Failed to initialize application. Please check your configuration." />
      );
    }
    return this.props.children;
  }
}
