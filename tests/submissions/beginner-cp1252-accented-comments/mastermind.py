# Jeu de Mastermind – écrit par José (TP n°4)
# Règles : 4 chiffres différents, 12 essais


def verifier(essai):
    """Renvoie le message d'erreur, ou None si l'essai est valide."""
    if len(essai) != 4:
        return "Guess must be of 4 digits!"
    for chiffre in essai:
        if chiffre not in "0123456789":
            return "Invalid input. Try again."
    if len(set(essai)) != 4:
        return "Guess must not have duplicate digits!"
    return None


cle = input("Enter key: ").strip()
historique = []
gagne = False
while len(historique) < 12 and not gagne:
    essai = input("Enter guess: ").strip()
    erreur = verifier(essai)
    if erreur is not None:
        print(erreur)
        continue
    bien_places = 0
    mal_places = 0
    for i in range(4):
        if essai[i] == cle[i]:
            bien_places += 1
        elif essai[i] in cle:
            mal_places += 1
    historique.append("%s : exist: %d, position: %d" % (essai, mal_places, bien_places))
    print("\n".join(historique))
    gagne = essai == cle
if gagne:
    print("You guessed it right!")
    print("You did it in %d guesses." % len(historique))
else:
    print("You lost! The key was %s." % cle)
