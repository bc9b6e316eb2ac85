import { Plus } from "lucide-react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "~/ui/button";

/** 'Listeye Ekle'. Anonymous visitors are asked to sign in (SPEC.md section 6). */
export function WatchlistButton() {
  const navigate = useNavigate();
  return (
    <Button
      variant="outline"
      onClick={() => {
        toast.error("Lütfen giriş yapın");
        navigate("/auth");
      }}
    >
      <Plus className="size-4" aria-hidden />
      Listeye Ekle
    </Button>
  );
}
