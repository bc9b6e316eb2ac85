import { useNavigation } from "react-router";

/** True while the router loads a page whose path starts with `prefix` (to show skeletons). */
export function useNavigatingTo(prefix: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "loading" && Boolean(navigation.location?.pathname.startsWith(prefix))
  );
}
